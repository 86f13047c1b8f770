/**
 * Measures every client's network: the server sends `ping` `{s}` (server ms) and the client
 * answers `pong` `{s, c}` with its own clock (`performance.timeOrigin + performance.now()`).
 * Each client keeps a `LatencyEstimator`; seats show the round trip as `ping`.
 */
import type { Client } from "@colyseus/core";
import { LatencyEstimator } from "./latency.ts";

export const PING = "ping";
export const PONG = "pong";

/** Server time with sub-millisecond resolution, on the epoch scale (comparable to Date.now()). */
export const serverNow = (): number => performance.timeOrigin + performance.now();

export class NetMonitor {
  private readonly nets = new Map<string, LatencyEstimator>();

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
    for (const client of clients) client.send(PING, { s });
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
  }
}
