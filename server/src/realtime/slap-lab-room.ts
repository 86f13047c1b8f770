/**
 * The slap-fairness lab (`slap_lab`, registered only with SLAP_LAB=1): races back to back with
 * the production machinery — ping/pong delay estimates, claims adjudicated by `RaceCollector`,
 * a 10 ms timestep and the in-flight collection window — so `npm run bench:slap` can compare
 * the adjudicated order with the truth and with naive arrival order.
 */
import { Room, type Client } from "@colyseus/core";
import { logger } from "../logger.ts";
import { slapsAdjudicated, slapsUnderFloor } from "../metrics.ts";
import { NetMonitor, PONG, serverNow } from "./net-monitor.ts";
import { RaceCollector } from "./race.ts";

const RACE_WINDOW_MS = 2_000;

export class SlapLabRoom extends Room {
  private readonly net = new NetMonitor();
  private players = 4;
  private seats: string[] = [];
  private race = 0;
  private collector: RaceCollector | null = null;
  private deadlineTimer: { clear(): void } | null = null;

  override onCreate(options: { players?: number }): void {
    this.players = Math.min(6, Math.max(2, Number(options?.players) || 4));
    this.maxClients = this.players;
    this.setSimulationInterval(() => undefined, 10);
    this.clock.setInterval(() => this.net.ping(this.clients), 250);
    this.onMessage(PONG, (client, payload) => void this.net.pong(client.sessionId, payload));
    this.onMessage("slap", (client, payload: { race?: number; shownAt?: number; pressedAt?: number }) => this.onSlap(client, payload));
    // The bench delays every message in its own process, WebSocket ping frames excepted: it says
    // how far away each simulated player is, for the transport round trip (lab only).
    this.onMessage("simulateLink", (client, payload: { rttMs?: unknown; jitterMs?: unknown }) => {
      if (typeof payload?.rttMs === "number" && payload.rttMs >= 0 && payload.rttMs <= 1_000) this.net.simulatedTransportMs.set(client.sessionId, payload.rttMs);
      if (typeof payload?.jitterMs === "number" && payload.jitterMs >= 0 && payload.jitterMs <= 100) this.net.simulatedTransportJitterMs.set(client.sessionId, payload.jitterMs);
    });
  }

  override onJoin(client: Client): void {
    this.seats.push(client.sessionId);
    if (this.seats.length === this.players) this.clock.setTimeout(() => this.startRace(), 1_500);
  }

  private startRace(): void {
    this.race++;
    this.collector = new RaceCollector(serverNow());
    this.broadcast("reveal", { race: this.race });
    this.deadlineTimer = this.clock.setTimeout(() => this.onDeadline(this.race), RACE_WINDOW_MS);
  }

  private onSlap(client: Client, p: { race?: number; shownAt?: number; pressedAt?: number }): void {
    const arrivedAt = serverNow();
    const seat = this.seats.indexOf(client.sessionId);
    const c = this.collector;
    if (!c || p?.race !== this.race || seat < 0 || c.has(seat)) return;
    const claim = typeof p.shownAt === "number" && typeof p.pressedAt === "number" ? { shownAt: p.shownAt, pressedAt: p.pressedAt } : null;
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
    const waiting = this.seats.filter((_, seat) => !c.has(seat)).map((id) => this.net.of(id));
    this.clock.setTimeout(() => race === this.race && this.collector === c && this.finish(), c.collectionWindow(waiting));
  }

  private finish(): void {
    const c = this.collector!;
    this.collector = null;
    this.deadlineTimer?.clear();
    const decidedAt = serverNow();
    const lastArrival = Math.max(...c.slaps.map((s) => s.arrivedAt));
    this.broadcast("raceResult", {
      race: this.race,
      byReaction: c.byReaction().map((s) => ({ seat: s.seat, reactionMs: s.reactionMs, source: s.source })),
      byArrival: c.byArrival().map((s) => s.seat),
      byEstimate: [...c.slaps].sort((a, b) => a.estimateMs - b.estimateMs).map((s) => s.seat),
      decisionMs: decidedAt - lastArrival,
    });
    this.clock.setTimeout(() => this.startRace(), 300 + Math.random() * 300);
  }
}
