/**
 * What the server notes about every adjudicated press of a person, the same for every race (the
 * Hit the Deck slap, the Dark Hand call): the Prometheus counts, a warning for a reaction under
 * the human floor, and the seat's fair-play profile (conduct/fair-play.ts), whose flags are
 * logged and counted for operators. A signal, never a sanction.
 */
import { logger } from "../logger.ts";
import { fairPlayFlags, slapsAdjudicated, slapsUnderFloor } from "../metrics.ts";
import type { TableHost } from "../room/host.ts";
import type { RaceSlap } from "./race.ts";

export function observePress(room: TableHost, seat: number, press: RaceSlap, what: "slap" | "call"): void {
  slapsAdjudicated.inc({ source: press.source });
  if (press.suspicious) {
    slapsUnderFloor.inc();
    logger.warn({ room: room.roomId, seat, reactionMs: press.reactionMs, source: press.source }, `${what} reaction under 100 ms`);
  }
  for (const flag of room.conduct.reacted(seat, press.reactionMs)) {
    fairPlayFlags.inc({ flag });
    logger.warn({ room: room.roomId, seat, account: room.conduct.accountAt(seat), flag }, "fair-play flag: implausible reaction profile (a signal for operators, not a sanction)");
  }
}
