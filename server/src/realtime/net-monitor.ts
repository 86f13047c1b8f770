/**
 * Measures every client's network: the server sends `ping` `{s}` (server ms) and the client
 * answers `pong` `{s, c}` with its own clock (`performance.timeOrigin + performance.now()`).
 * Each client keeps a `LatencyEstimator`; seats show the round trip as `ping`.
 *
 * The room pings everyone once a second. A client that has just joined (or reconnected) has no
 * samples yet, and a slap race can open within a second of the deal; judged then, its slap would
 * fall back to the server's estimate with no delay known, i.e. to arrival order. So a client with
 * fewer than `QUICK_SAMPLES` samples is pinged `QUICK_PINGS` times in quick succession: on join
 * (`welcome`) and after each regular ping that finds it short.
 *
 * Against a lying client: a pong counts only for a ping we sent that client
 * and only once (a client cannot answer a ping before it arrives by guessing its time); every
 * ping also goes out as a WebSocket ping frame carrying the same time, whose pong the client's
 * network stack sends (page code never sees it): the transport round trip that caps the
 * page's (latency.ts). The claim quota is the player's, not the connection's (`seated`,
 * claim-quota.ts): forgetting a connection keeps it, so a rejoin does not refill it.
 */
import { ClientState, type Client } from "@colyseus/core";
import { ClaimQuotas } from "./claim-quota.ts";
import { LatencyEstimator } from "./latency.ts";
import { PROBE_GAP_MS } from "./stream-probe.ts";

export const PING = "ping";
export const PONG = "pong";

/** Server time with sub-millisecond resolution, on the epoch scale (comparable to Date.now()). */
export const serverNow = (): number => performance.timeOrigin + performance.now();

/** Samples below which a client gets quick extra pings. */
export const QUICK_SAMPLES = 4;
const QUICK_PINGS = 5;
const QUICK_GAP_MS = 60;
/** Pings remembered per client, awaiting their pong. */
const OUTSTANDING = 32;

/** Quick-ping ticks a joining client is waited for at most (about the seat reservation's time). */
const JOIN_WAIT_TICKS = 250;

/** Colyseus holds what is sent to a client that has not confirmed its join (or a reconnection) yet. */
const joining = (client: Client): boolean => {
  const state = (client as { state?: unknown }).state;
  return state === ClientState.JOINING || state === ClientState.RECONNECTING;
};

/** The WebSocket under a Colyseus client, when it is one (the `ws` server socket). */
interface WsLike {
  ping(data: Buffer): void;
  on(event: "pong", fn: (data: Buffer) => void): void;
}
const wsOf = (client: Client): WsLike | null => {
  const ref = (client as unknown as { ref?: Partial<WsLike> }).ref;
  return ref && typeof ref.ping === "function" && typeof ref.on === "function" ? (ref as WsLike) : null;
};

export class NetMonitor {
  private readonly nets = new Map<string, LatencyEstimator>();
  /** Sessions with quick pings under way (their timers check membership; `forget` removes). */
  private readonly quick = new Set<string>();
  /** Per session: the times of app pings and of transport pings sent and not yet answered. */
  private readonly sent = new Map<string, { app: number[]; transport: number[] }>();
  private readonly listening = new WeakSet<object>();
  /**
   * Each session's connection, from its join on (`welcome`) and as last pinged (for `probe`). Not
   * only from its first ping: no ping goes to a client still joining, and the join of the last
   * player to sit down deals, opening a race whose streams must be probed from the reveal on.
   */
  private readonly clientOf = new Map<string, Client>();
  /** Estimators whose stream is being probed (one probe loop each). */
  private readonly probing = new Set<LatencyEstimator>();
  /**
   * Tests that make a client distant by delaying its page's pongs (loopback has no delay to add
   * to the transport's): the round trip added to that client's transport samples.
   */
  readonly simulatedTransportMs = new Map<string, number>();
  /** With it, the jitter (ms each way, at most) the test adds to each of those samples. */
  readonly simulatedTransportJitterMs = new Map<string, number>();
  private readonly transportPings: boolean;
  /** The table's claim quotas, by player (claim-quota.ts): they outlive the connections. */
  readonly quotas = new ClaimQuotas();

  /** `transportPings: false` (DELAY_SIMULATED=1, load tests only): no ping frames, no transport cap. */
  constructor(options: { transportPings?: boolean } = {}) {
    this.transportPings = options.transportPings ?? true;
  }

  /**
   * Tests: from now on the client is `rttMs` away at the transport too (`simulatedTransportMs`),
   * and the transport samples taken before (the join's quick pings, at loopback's round trip)
   * are forgotten, so that they do not cap its round trip at loopback's.
   */
  simulateTransport(sessionId: string, rttMs: number): void {
    this.simulatedTransportMs.set(sessionId, rttMs);
    this.nets.get(sessionId)?.forgetTransport();
  }

  /**
   * Load tests that inject delay in the load generator (DELAY_SIMULATED=1, never production): the
   * generator says how far away its simulated player is (`simulateLink {rttMs, jitterMs}`), and
   * that client's transport pings then carry it, so its page's round trip is capped as on a real
   * network (a simulated liar's held pongs included: its network stack is not its page). Returns
   * false for a malformed payload.
   */
  simulateLink(sessionId: string, payload: unknown): boolean {
    const p = payload as { rttMs?: unknown; jitterMs?: unknown } | null;
    const ok = (v: unknown, max: number): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= max;
    if (!p || !ok(p.rttMs, 1_000) || (p.jitterMs !== undefined && !ok(p.jitterMs, 100))) return false;
    this.simulateTransport(sessionId, p.rttMs);
    if (p.jitterMs !== undefined) this.simulatedTransportJitterMs.set(sessionId, p.jitterMs);
    return true;
  }

  /** The estimate for a session (empty until its first pong). */
  of(sessionId: string): LatencyEstimator {
    let net = this.nets.get(sessionId);
    if (!net) {
      net = new LatencyEstimator();
      this.nets.set(sessionId, net);
    }
    return net;
  }

  /**
   * A connection took a seat for `player` (claim-quota.ts `playerKeys`): its claims are settled
   * against that player's quota from now on, the one its earlier connections used (a reclaim,
   * a takeover, the same account again), or a fresh, empty one.
   */
  seated(sessionId: string, player: string | readonly string[]): void {
    this.of(sessionId).quota = this.quotas.of(player);
  }

  ping(clients: Iterable<Client>): void {
    const s = serverNow();
    for (const client of clients) {
      this.send(client, s);
      if (this.of(client.sessionId).count < QUICK_SAMPLES) this.welcome(client, 1);
    }
  }

  private outstanding(id: string): { app: number[]; transport: number[] } {
    let o = this.sent.get(id);
    if (!o) this.sent.set(id, (o = { app: [], transport: [] }));
    return o;
  }

  /**
   * An app ping and a transport ping, both carrying `s`. No app ping to a client still joining:
   * Colyseus holds a joining client's messages until it has confirmed its join (the handshake
   * and the full state first), so its pong would measure the join, a round trip or more too long,
   * and a seat whose samples were all taken then (the last to sit down: its join deals) looked
   * farther away than it is and was credited with faster reactions than it had. The transport
   * ping is not held back (a WebSocket frame, answered by the client's network stack).
   */
  private send(client: Client, s: number): void {
    const id = client.sessionId;
    this.clientOf.set(id, client);
    const o = this.outstanding(id);
    if (!joining(client)) {
      o.app.push(s);
      if (o.app.length > OUTSTANDING) o.app.shift();
      client.send(PING, { s });
    }
    // Without transport pings (DELAY_SIMULATED), a client whose simulated link the lab declared still gets them (`simulateLink`).
    const ws = this.transportPings || this.simulatedTransportMs.has(id) ? wsOf(client) : null;
    if (!ws) return;
    this.listen(ws, id);
    o.transport.push(s);
    if (o.transport.length > OUTSTANDING) o.transport.shift();
    try {
      ws.ping(Buffer.from(String(s)));
    } catch {
      /* closing */
    }
  }

  private listen(ws: WsLike, id: string): void {
    if (this.listening.has(ws)) return;
    this.listening.add(ws);
    ws.on("pong", (data) => this.transportPong(id, data));
  }

  /**
   * A race opened for these clients (the reveal has just gone out): probe each one's stream with
   * a WebSocket ping every `PROBE_GAP_MS` until its press is judged (`LatencyEstimator.stream.stop`)
   * or `PROBE_MAX_MS`, for the evidence of a retransmission (stream-probe.ts). Probes go out even
   * where transport pings are off (DELAY_SIMULATED: the delay is above the WebSocket, the loss on
   * the link): they only ever say the stream stalled, never how far away the client is.
   */
  probe(sessionIds: Iterable<string>): void {
    const now = serverNow();
    for (const id of sessionIds) {
      const client = this.clientOf.get(id);
      const ws = client ? wsOf(client) : null;
      if (!ws) continue;
      const net = this.of(id);
      this.listen(ws, id);
      net.stream.start(now);
      if (this.probing.has(net)) continue;
      this.probing.add(net);
      const tick = (): void => {
        const t = serverNow();
        if (this.nets.get(id) !== net || !net.stream.active(t)) {
          this.probing.delete(net);
          return;
        }
        net.stream.sent(t);
        try {
          ws.ping(Buffer.from(`p${t}`));
        } catch {
          this.probing.delete(net);
          return;
        }
        setTimeout(tick, PROBE_GAP_MS).unref?.();
      };
      tick();
    }
  }

  private transportPong(id: string, data: Buffer): void {
    const now = serverNow();
    const text = data?.toString() ?? "";
    if (text.startsWith("p")) {
      this.nets.get(id)?.stream.answered(Number(text.slice(1)), now);
      return;
    }
    const o = this.sent.get(id);
    const s = Number(text);
    const i = o ? o.transport.indexOf(s) : -1;
    // Colyseus's own keep-alive pings carry nothing: not ours.
    if (!o || i < 0) return;
    o.transport.splice(i, 1);
    const jitter = (this.simulatedTransportJitterMs.get(id) ?? 0) * 2 * Math.random();
    this.of(id).addTransport(now - s + (this.simulatedTransportMs.get(id) ?? 0) + jitter);
  }

  /**
   * Quick pings for a client whose delay is not known yet (from `first` on; 0 = one right now),
   * `QUICK_GAP_MS` apart. While the client is still joining they wait (see `send`): they start
   * the moment it has joined, so a player who sits down last, at the deal, is measured by then.
   */
  welcome(client: Client, first = 0): void {
    const id = client.sessionId;
    // Its stream can be probed at once (a WebSocket frame, not held behind the join), pings or not.
    this.clientOf.set(id, client);
    if (this.quick.has(id)) return;
    this.quick.add(id);
    let left = QUICK_PINGS - first;
    let waits = 0;
    const tick = (): void => {
      if (!this.quick.has(id)) return;
      if (joining(client)) {
        if (++waits > JOIN_WAIT_TICKS) this.quick.delete(id);
        else setTimeout(tick, QUICK_GAP_MS).unref?.();
        return;
      }
      try {
        this.send(client, serverNow());
      } catch {
        /* the client left meanwhile */
      }
      if (--left <= 0) this.quick.delete(id);
      else setTimeout(tick, QUICK_GAP_MS).unref?.();
    };
    tick();
  }

  /** Records a pong for a ping we sent; returns false when it is malformed. */
  pong(sessionId: string, payload: unknown): boolean {
    const p = payload as { s?: unknown; c?: unknown } | null;
    if (!p || typeof p.s !== "number" || typeof p.c !== "number") return false;
    const now = serverNow();
    if (p.s > now || now - p.s > 10_000) return false;
    // Only a ping we sent, once: a pong for a guessed ping time would shorten the round trip.
    // (Well-formed but unknown, e.g. answering a ping from before a reconnect: ignored, not refused.)
    const sent = this.sent.get(sessionId)?.app ?? [];
    const i = sent.indexOf(p.s);
    if (i < 0) return true;
    sent.splice(i, 1);
    this.of(sessionId).add(p.s, p.c, now);
    return true;
  }

  forget(sessionId: string): void {
    this.nets.delete(sessionId);
    this.clientOf.delete(sessionId);
    this.sent.delete(sessionId);
    this.simulatedTransportMs.delete(sessionId);
    this.simulatedTransportJitterMs.delete(sessionId);
    this.quick.delete(sessionId);
  }
}
