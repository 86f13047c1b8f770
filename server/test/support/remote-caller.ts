/**
 * A simulated Dark Hand caller for the call-race tests (call-race.test.ts, retransmission.test.ts):
 * one SDK room that answers pings, notes when the deal reached it and the race results it hears,
 * and calls with a client stamp.
 */
import type { Room as ClientRoom } from "@colyseus/sdk";
import { CALL_RACE, type CallRaceMessage } from "../../src/games/dark-hand-plugin.ts";

/** The server's clock (tests and server run in one process). */
export const clock = () => performance.timeOrigin + performance.now();

/**
 * A client `delayMs` away each way, on the server's clock (both run in this process). What it
 * tells the server is stamped with the times it would have had, so nothing here depends on this
 * process's timers firing on time (under load they fire late): a message it receives at r it
 * "sees" at r + delayMs; a pong goes back after the round trip (a late timer only lengthens the
 * page's round trip, which the transport's caps); and a call is sent at once, claiming the press
 * one way before now, so it reaches the server just when such a press would have. The test then
 * checks the reaction times against the claims the server received.
 */
export function remoteCaller(room: ClientRoom, delayMs: number) {
  const seen = { dealtAt: null as number | null, races: [] as CallRaceMessage[], rejected: [] as string[] };
  room.onMessage("ping", (m: { s: number }) => {
    const c = clock() + delayMs;
    setTimeout(() => room.send("pong", { s: m.s, c }), 2 * delayMs);
  });
  room.onMessage("events", (m: { events: { type: string }[] }) => {
    if (m.events.some((e) => e.type === "handDealt") && seen.dealtAt === null) seen.dealtAt = clock() + delayMs;
  });
  room.onMessage(CALL_RACE, (m: CallRaceMessage) => seen.races.push(m));
  room.onMessage("rejected", (m: { code: string }) => seen.rejected.push(m.code));
  room.onMessage("*", () => undefined);
  /**
   * Calls now: pressed one way ago (`earlierMs` more: a lying claim; 0 is honest), on the hand
   * shown when the deal reached it. Returns the claimed reaction (ms).
   */
  const call = (shade: string, earlierMs = 0): number => {
    const shownAt = seen.dealtAt!;
    const pressedAt = clock() - delayMs - earlierMs;
    room.send("action", { type: "call", shade, shownAt, pressedAt });
    return pressedAt - shownAt;
  };
  return { room, seen, call };
}
