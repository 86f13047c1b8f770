/**
 * Puts `inspectFrame` in front of a room's frame handling. Colyseus binds each joined client's
 * socket to the room's `_onMessage` when the client joins, so the room class's own `_onMessage`
 * sees every frame before core decodes it. Refused frames never reach core's own flood
 * count, so they are counted here the same way: past the room's `maxMessagesPerSecond` in one
 * second the socket is closed (4002), as core does for any other flood.
 */
import { CloseCode, Room, type Client } from "@colyseus/core";
import { inspectFrame, type FrameRefusal } from "./frame-guard.ts";

type OnMessage = (this: Room, client: Client, buffer: Uint8Array) => void;

const coreOnMessage = (Room.prototype as unknown as { _onMessage: OnMessage })._onMessage;

/** Refused frames per client in the current second (per process: a client is in one room). */
const floods = new WeakMap<Client, { second: number; count: number }>();

/** Counts a refused frame; true past the room's `maxMessagesPerSecond` in one second. */
function flooding(room: Room, client: Client): boolean {
  const second = Math.floor(Date.now() / 1000);
  const seen = floods.get(client);
  if (seen && seen.second === second) return ++seen.count > room.maxMessagesPerSecond;
  floods.set(client, { second, count: 1 });
  return false;
}

/**
 * Installs the guard on a room class, once per process (a method of its prototype: no closure
 * or own property per room); `refuse` answers a refused frame.
 */
export function guardFrames<R extends Room>(cls: { prototype: R }, refuse: (room: R, client: Client, refusal: FrameRefusal) => void): void {
  Object.defineProperty(cls.prototype, "_onMessage", {
    configurable: true,
    writable: true,
    value(this: R, client: Client, buffer: Uint8Array) {
      // Core counts a client's messages per second on the room's clock, which a table ticks only
      // when a patch goes out (table/patch-flush.ts): without this, every message since the last
      // patch fell in one "second", and a player at a quiet table (waiting, a slow turn, a pause
      // while the store is away) was closed after 60 messages however slowly they came.
      this.clock.tick();
      const refusal =
        buffer instanceof Uint8Array ? inspectFrame(buffer) : { code: "bad-frame" as const, message: "frames must be binary" };
      if (!refusal) return coreOnMessage.call(this, client, buffer);
      if (flooding(this, client)) return client.leave(CloseCode.WITH_ERROR, "too many refused frames");
      refuse(this, client, refusal);
    },
  });
}
