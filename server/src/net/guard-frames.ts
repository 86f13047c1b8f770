/**
 * Puts `inspectFrame` in front of a room's frame handling. Colyseus binds each joined client's
 * socket to the room's `_onMessage` when the client joins, so an own `_onMessage` on the room
 * instance sees every frame before core decodes it.
 */
import { Room, type Client } from "@colyseus/core";
import { inspectFrame, type FrameRefusal } from "./frame-guard.ts";

type OnMessage = (this: Room, client: Client, buffer: Uint8Array) => void;

const coreOnMessage = (Room.prototype as unknown as { _onMessage: OnMessage })._onMessage;

export function guardFrames(room: Room, refuse: (client: Client, refusal: FrameRefusal) => void): void {
  Object.defineProperty(room, "_onMessage", {
    configurable: true,
    value(client: Client, buffer: Uint8Array) {
      const refusal = buffer instanceof Uint8Array ? inspectFrame(buffer) : { code: "bad-frame" as const, message: "frames must be binary" };
      if (refusal) refuse(client, refusal);
      else coreOnMessage.call(room, client, buffer);
    },
  });
}
