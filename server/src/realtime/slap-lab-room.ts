/**
 * The slap-fairness lab (`slap_lab`, registered only with SLAP_LAB=1): races back to back with
 * the production machinery — ping/pong delay estimates, claims adjudicated by `RaceCollector`,
 * a 10 ms timestep and the in-flight collection window — so `npm run bench:slap` and
 * `npm run bench:fairness` can compare the adjudicated order with the truth and with naive
 * arrival order. `kind: "call"` races like the Dark Hand call at the deal: no deadline to wait
 * for, each press held by a `HeldRace` (held-race.ts, as the Dark Hand plugin holds calls) until
 * no faster one can still be in flight, then released fastest first; the first released wins.
 */
import { Room, type Client } from "@colyseus/core";
import { logger } from "../logger.ts";
import { slapsAdjudicated, slapsUnderFloor } from "../metrics.ts";
import { NetMonitor, PONG, serverNow } from "./net-monitor.ts";
import { HeldRace } from "./held-race.ts";
import { RaceCollector } from "./race.ts";

const RACE_WINDOW_MS = 2_000;

export class SlapLabRoom extends Room {
  /** DELAY_SIMULATED=1 (set by app.ts): the benches inject delay above the WebSocket, so no transport ping frames and no transport cap. */
  static delaySimulated = false;
  private readonly net = new NetMonitor({ transportPings: !SlapLabRoom.delaySimulated });
  private players = 4;
  private seats: string[] = [];
  private race = 0;
  private collector: RaceCollector | null = null;
  private deadlineTimer: { clear(): void } | null = null;
  private kind: "slap" | "call" = "slap";
  /** A call race: the presses held until no faster one can still be in flight. */
  private held: HeldRace<number> | null = null;
  /** A call race: the seats in the order they were released (the first got the Joker), and when the first went. */
  private released: number[] = [];
  private firstReleaseAt: number | null = null;
  /** A call race: how many presses each release let go (the first batch raced for the Joker). */
  private batches: number[] = [];
  /** Per press, what the judge saw (the bench explains wrong races from it): the estimates, the claim, the arrival. */
  private diag: Array<Record<string, number | string | null>> = [];

  override onCreate(options: { players?: number; kind?: unknown }): void {
    this.kind = options?.kind === "call" ? "call" : "slap";
    this.players = Math.min(6, Math.max(2, Number(options?.players) || 4));
    this.maxClients = this.players;
    this.setSimulationInterval(() => undefined, 10);
    this.clock.setInterval(() => this.net.ping(this.clients), 250);
    this.onMessage(PONG, (client, payload) => void this.net.pong(client.sessionId, payload));
    this.onMessage("slap", (client, payload: { race?: number; shownAt?: number; pressedAt?: number }) => this.onSlap(client, payload));
    // The bench delays every message in its own process, WebSocket ping frames excepted: it says
    // how far away each simulated player is, for the transport round trip (lab only).
    this.onMessage("simulateLink", (client, payload: { rttMs?: unknown; jitterMs?: unknown }) => {
      if (typeof payload?.rttMs === "number" && payload.rttMs >= 0 && payload.rttMs <= 1_000)
        this.net.simulateTransport(client.sessionId, payload.rttMs);
      if (typeof payload?.jitterMs === "number" && payload.jitterMs >= 0 && payload.jitterMs <= 100)
        this.net.simulatedTransportJitterMs.set(client.sessionId, payload.jitterMs);
    });
  }

  override onJoin(client: Client): void {
    this.seats.push(client.sessionId);
    if (this.seats.length === this.players) this.clock.setTimeout(() => this.startRace(), 1_500);
  }

  private startRace(): void {
    this.race++;
    this.diag = [];
    if (this.kind === "call") {
      const race = this.race;
      this.released = [];
      this.batches = [];
      this.firstReleaseAt = null;
      this.held = new HeldRace<number>(
        serverNow(),
        (fn, ms) => this.clock.setTimeout(fn, ms),
        (ordered) => {
          if (race !== this.race) return;
          this.firstReleaseAt ??= serverNow();
          this.released.push(...ordered.map((h) => h.slap.seat));
          this.batches.push(ordered.length);
          if (this.released.length === this.players) this.finish();
        },
      );
      this.collector = this.held.collector;
    } else {
      this.collector = new RaceCollector(serverNow());
    }
    this.broadcast("reveal", { race: this.race });
    // Probe each player's stream for retransmissions while the race waits for its press (stream-probe.ts).
    this.net.probe(this.seats);
    this.deadlineTimer = this.clock.setTimeout(() => this.onDeadline(this.race), RACE_WINDOW_MS);
  }

  private onSlap(client: Client, p: { race?: number; shownAt?: number; pressedAt?: number }): void {
    const arrivedAt = serverNow();
    const seat = this.seats.indexOf(client.sessionId);
    const c = this.collector;
    if (!c || p?.race !== this.race || seat < 0 || c.has(seat)) return;
    const claim = typeof p.shownAt === "number" && typeof p.pressedAt === "number" ? { shownAt: p.shownAt, pressedAt: p.pressedAt } : null;
    const n = this.net.of(client.sessionId);
    this.diag.push({
      seat,
      arrivedAt,
      revealAt: c.revealAt,
      rtt: n.rtt,
      offset: n.offset,
      jitter: n.jitter,
      samples: n.count,
      bucket: n.quota.available,
      shownAt: claim?.shownAt ?? null,
      pressedAt: claim?.pressedAt ?? null,
      decided: this.held ? (this.firstReleaseAt === null ? "before" : "after") : "-",
    });
    if (this.held) {
      // Held, as the Dark Hand plugin holds a call, for the presses that could still be faster.
      const waiting = this.seats.filter((id, s) => s !== seat && !c.has(s)).map((id) => this.net.of(id));
      const press = this.held.hold(seat, claim, arrivedAt, this.net.of(client.sessionId), seat, waiting);
      slapsAdjudicated.inc({ source: press.source });
      return;
    }
    const slap = c.slap(seat, claim, arrivedAt, this.net.of(client.sessionId));
    slapsAdjudicated.inc({ source: slap.source });
    if (slap.suspicious) {
      slapsUnderFloor.inc();
      logger.warn({ seat, reactionMs: slap.reactionMs }, "reaction under 100 ms");
    }
    if (c.slaps.length === this.players) this.finish();
  }

  private onDeadline(race: number): void {
    const c = this.collector;
    if (!c || race !== this.race) return;
    if (this.held) {
      this.held.flush();
      if (this.collector === c) this.finish();
      return;
    }
    const waiting = this.seats.filter((_, seat) => !c.has(seat)).map((id) => this.net.of(id));
    this.clock.setTimeout(() => race === this.race && this.collector === c && this.finish(), c.collectionWindow(waiting));
  }

  private finish(): void {
    const c = this.collector!;
    this.collector = null;
    this.deadlineTimer?.clear();
    const decidedAt = serverNow();
    const lastArrival = Math.max(...c.slaps.map((s) => s.arrivedAt));
    const held = this.held;
    this.held?.dispose();
    this.held = null;
    // A call race's order is the order the held presses went to the "engine" (the first wins);
    // its decision time is how long the first call waited before the Joker was given.
    const order = held ? this.released.map((seat) => c.slaps.find((s) => s.seat === seat)!) : c.byReaction();
    const firstArrival = Math.min(...c.slaps.map((s) => s.arrivedAt));
    this.broadcast("raceResult", {
      race: this.race,
      kind: this.kind,
      // A call race: the seats released with the winner (the rest came after the Joker was given).
      ...(held ? { firstBatch: this.released.slice(0, this.batches[0] ?? 0) } : {}),
      byReaction: order.map((s) => ({ seat: s.seat, reactionMs: s.reactionMs, source: s.source })),
      byArrival: c.byArrival().map((s) => s.seat),
      byEstimate: [...c.slaps].sort((a, b) => a.estimateMs - b.estimateMs).map((s) => s.seat),
      decisionMs: held ? (this.firstReleaseAt ?? decidedAt) - firstArrival : decidedAt - lastArrival,
      firstReleaseAt: this.firstReleaseAt,
      diag: this.diag,
    });
    this.clock.setTimeout(() => this.startRace(), 300 + Math.random() * 300);
  }
}
