/**
 * How often a table pings each client (docs/PROTOCOL.md, `ping`). A real-time game (one with a
 * plugin: Hit the Deck's slap races, Dark Hand's call race at the deal) pings every second, as
 * the adjudication of reaction times needs fresh delay samples. A turn-based table pings a new client every second until it has a
 * few samples (its seat's signal shows at once), then every few seconds: the ping is bytes on
 * every client's link with no game in them.
 */
import type { Client } from "@colyseus/core";

export const PING_TICK_MS = 1_000;
const SETTLED_SAMPLES = 3;
const SETTLED_EVERY_MS = 5_000;

export class PingPace {
  private readonly last = new Map<string, number>();

  constructor(private readonly realTime: boolean) {}

  /** The clients to ping on this tick. */
  due(clients: Iterable<Client>, samples: (sessionId: string) => number, now = Date.now()): Client[] {
    const out: Client[] = [];
    for (const client of clients) {
      const id = client.sessionId;
      const last = this.last.get(id) ?? 0;
      if (this.realTime || samples(id) < SETTLED_SAMPLES || now - last >= SETTLED_EVERY_MS - PING_TICK_MS / 2) {
        out.push(client);
        this.last.set(id, now);
      }
    }
    return out;
  }

  forget(sessionId: string): void {
    this.last.delete(sessionId);
  }
}
