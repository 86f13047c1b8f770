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
 */
import type { Client } from "@colyseus/core";
import { LatencyEstimator } from "./latency.ts";

export const PING = "ping";
export const PONG = "pong";

/** Server time with sub-millisecond resolution, on the epoch scale (comparable to Date.now()). */
export const serverNow = (): number => performance.timeOrigin + performance.now();

/** Samples below which a client gets quick extra pings. */
export const QUICK_SAMPLES = 4;
const QUICK_PINGS = 5;
const QUICK_GAP_MS = 60;

export class NetMonitor {
  private readonly nets = new Map<string, LatencyEstimator>();
  /** Sessions with quick pings under way (their timers check membership; `forget` removes). */
  private readonly quick = new Set<string>();

  /** The estimate for a session (empty until its first pong). */
  of(sessionId: string): LatencyEstimator {
    let net = this.nets.get(sessionId);
    if (!net) {
      net = new LatencyEstimator();
      this.nets.set(sessionId, net);
    }
    return net;
  }

  ping(clients: Iterable<Client>): void {
    const s = serverNow();
    for (const client of clients) {
      client.send(PING, { s });
      if (this.of(client.sessionId).count < QUICK_SAMPLES) this.welcome(client, 1);
    }
  }

  /** Quick pings for a client whose delay is not known yet (from `first` on; 0 = one right now). */
  welcome(client: Client, first = 0): void {
    const id = client.sessionId;
    if (this.quick.has(id)) return;
    this.quick.add(id);
    for (let i = first; i < QUICK_PINGS; i++) {
      const timer = setTimeout(() => {
        if (!this.quick.has(id)) return;
        if (i === QUICK_PINGS - 1) this.quick.delete(id);
        try {
          client.send(PING, { s: serverNow() });
        } catch { /* the client left meanwhile */ }
      }, (i - first) * QUICK_GAP_MS);
      timer.unref?.();
    }
  }

  /** Records a pong; returns false when it is malformed. */
  pong(sessionId: string, payload: unknown): boolean {
    const p = payload as { s?: unknown; c?: unknown } | null;
    if (!p || typeof p.s !== "number" || typeof p.c !== "number") return false;
    const now = serverNow();
    if (p.s > now || now - p.s > 10_000) return false;
    this.of(sessionId).add(p.s, p.c, now);
    return true;
  }

  forget(sessionId: string): void {
    this.nets.delete(sessionId);
    this.quick.delete(sessionId);
  }
}
