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
import { LobbyRoom, matchMaker, subscribeLobby } from "@colyseus/core";

type Listing = LobbyRoom["rooms"][number];

export class TableLobbyRoom extends LobbyRoom {
  override async onCreate(options: unknown): Promise<void> {
    const heard = new Map<string, Listing | null>();
    const stop = await subscribeLobby((roomId, listing) => { heard.set(roomId, listing ?? null); });
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
