/**
 * The lobby's live list of public tables (docs/PROTOCOL.md, "Lobby"): Colyseus' `LobbyRoom`,
 * with a first listing that misses no change.
 *
 * `LobbyRoom.onCreate` subscribes to the lobby channel and then reads every listing once. A
 * change heard during that read is applied to the list the read then replaces, and with the
 * Redis driver the read itself may be a shared read of all listings sent before the change was
 * written: a lobby created at that moment kept a table's old listing until the table changed
 * again. Here the room also listens from before that read, reads the listings once more after
 * it (a read sent after the subscription, so after any change it did not hear), and lays the
 * last listing it heard of each changed table over that read.
 */
import { LobbyRoom, matchMaker, subscribeLobby, type Client } from "@colyseus/core";
import { COUNTS_CACHE_MS, online, type Counts } from "../social/presence/online.ts";

type Listing = LobbyRoom["rooms"][number];

/** The lobby's "N players online · M tables in play" (social/presence/online.ts; docs/PROTOCOL.md, "Lobby"). */
export const COUNTS_MESSAGE = "counts";

export class TableLobbyRoom extends LobbyRoom {
  /** The counts last sent to every client (sent again only when they change). */
  private sent = "";

  override async onCreate(options: unknown): Promise<void> {
    await this.listings(options);
    this.clock.setInterval(() => void this.pushCounts(), COUNTS_CACHE_MS);
  }

  override onJoin(client: Client, options: Parameters<LobbyRoom["onJoin"]>[1]): void {
    super.onJoin(client, options);
    online().connected(client.sessionId, options);
    void online()
      .counts()
      .then(
        (c) => client.send(COUNTS_MESSAGE, c),
        () => undefined,
      );
  }

  override onLeave(client: Client): void {
    super.onLeave(client);
    online().disconnected(client.sessionId);
  }

  private async pushCounts(): Promise<void> {
    if (this.clients.length === 0) return;
    const counts: Counts = await online().counts();
    const text = JSON.stringify(counts);
    if (text === this.sent) return;
    this.sent = text;
    this.broadcast(COUNTS_MESSAGE, counts);
  }

  private async listings(options: unknown): Promise<void> {
    const heard = new Map<string, Listing | null>();
    const stop = await subscribeLobby((roomId, listing) => {
      heard.set(roomId, listing ?? null);
    });
    try {
      await super.onCreate(options);
      const fresh = await matchMaker.query({ private: false, unlisted: false });
      this.rooms = layOver(fresh, heard);
    } finally {
      await stop();
    }
  }
}

/** `read` with each heard change laid over it: a newer listing, a new table, or a table gone (null). */
function layOver(read: readonly Listing[], heard: ReadonlyMap<string, Listing | null>): Listing[] {
  const out = read.filter((r) => !heard.has(r.roomId));
  for (const listing of heard.values()) if (listing) out.push(listing);
  return out;
}
