/**
 * What the server notes about every adjudicated press of a person, the same for every race (the
 * Hit the Deck slap, the Dark Hand call): the Prometheus counts, a warning for a reaction under
 * the human floor, and the seat's fair-play profile (conduct/fair-play.ts), whose flags are
 * logged, counted and stored for operators (the room's `fairPlayFlag`: fair-play/store.ts). A
 * signal, never a sanction.
 */
import { logger } from "../logger.ts";
import { fairPlayFlags, slapsAdjudicated, slapsUnderFloor } from "../metrics.ts";
import type { TableHost } from "../table/host.ts";
import type { RaceSlap } from "./race.ts";

export function observePress(room: TableHost, seat: number, press: RaceSlap, what: "slap" | "call"): void {
  slapsAdjudicated.inc({ source: press.source });
  if (press.suspicious) {
    slapsUnderFloor.inc();
    logger.warn({ room: room.roomId, seat, reactionMs: press.reactionMs, source: press.source }, `${what} reaction under 100 ms`);
  }
  // The claim time the seat's player's quota has withheld so far, across its connections (realtime/claim-quota.ts).
  const sessionId = room.seating.slots[seat]?.sessionId ?? null;
  const withheld = sessionId === null ? 0 : room.net.of(sessionId).quota.withheld;
  for (const flag of room.conduct.reacted(seat, press.reactionMs, withheld)) {
    fairPlayFlags.inc({ flag });
    const evidence = { ...room.conduct.evidence(seat, flag), race: what };
    logger.warn(
      { room: room.roomId, seat, account: room.conduct.accountAt(seat), flag, evidence },
      "fair-play flag: implausible reaction profile (a signal for operators, not a sanction)",
    );
    room.fairPlayFlag(seat, flag, evidence);
  }
}
