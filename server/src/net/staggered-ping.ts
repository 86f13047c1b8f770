/**
 * Colyseus' WebSocket transport pings every client from one timer, all at once, every 3 s: at
 * 1,600 connections that sweep held the event loop for 55-80 ms (one socket write per client),
 * and every message arriving meanwhile waited for it (docs/benchmarks/capacity.md, "Capacity"). This
 * transport pings the same clients just as often, with the same rule (a client that missed
 * `pingMaxRetries` pings in a row is terminated), spread evenly over the interval: every
 * `interval / SLICES` ms it pings one slice of the clients.
 */
import { WebSocketTransport } from "@colyseus/ws-transport";

/** How many parts the ping interval is cut into (3 s / 30 = a slice every 100 ms). */
export const SLICES = 30;

/** What the sweep needs of a `ws` socket (the transport's `pong` handler resets `pingCount`). */
export interface PingedSocket {
  pingCount: number;
  ping(cb: () => void): void;
  terminate(): void;
}

const noop = (): void => undefined;

/**
 * One tick of the staggered sweep over `clients`: the clients in slice `tick % SLICES` are pinged,
 * or terminated if they left `maxRetries` pings unanswered. A client's slice is fixed at the first
 * sweep that sees it (round robin), so each is pinged once per `SLICES` ticks.
 */
export function sweepSlice(
  clients: Iterable<PingedSocket>,
  tick: number,
  maxRetries: number,
  slices: WeakMap<PingedSocket, number>,
  next: { n: number },
): void {
  const slice = tick % SLICES;
  for (const client of clients) {
    let own = slices.get(client);
    if (own === undefined) slices.set(client, (own = next.n++ % SLICES));
    if (own !== slice) continue;
    if (client.pingCount >= maxRetries) {
      client.terminate();
      continue;
    }
    client.pingCount++;
    client.ping(noop);
  }
}

interface TransportInternals {
  wss: { clients: Set<PingedSocket> };
  pingInterval: ReturnType<typeof setInterval>;
}

export class StaggeredPingTransport extends WebSocketTransport {
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    const self = this as unknown as TransportInternals;
    const slices = new WeakMap<PingedSocket, number>();
    const next = { n: 0 };
    let tick = 0;
    self.pingInterval = setInterval(
      () => sweepSlice(self.wss.clients, tick++, pingMaxRetries, slices, next),
      Math.max(1, Math.round(pingInterval / SLICES)),
    );
  }
}
