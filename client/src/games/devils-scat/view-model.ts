/**
 * What the Devil's Scat table shows, computed from a snapshot: which clicks `mine.legal`
 * allows (the client never evaluates a rule), prompts, and per-seat labels.
 */
import { num, str, type LegalAction, type SeatSnap, type TableSnap } from "../../net/snapshot.ts";
import { suitStyle } from "../../objects/suit-art.ts";
import type { BadgeInfo } from "../../objects/seat-badge.ts";
import { baseSeatTags, isActive, legalCards, seatName, variantOf, playingLine } from "../common.ts";
import { signalGlyph } from "../../objects/signal.ts";
import { seatTitle } from "../../ui/names.ts";

export { isActive, legalOf, seatName } from "../common.ts";

export interface Moves {
  readonly drawDeck: boolean;
  readonly drawDiscard: boolean;
  readonly knock: boolean;
  readonly continue: boolean;
  readonly discards: ReadonlySet<string>;
}

export function movesOf(legal: readonly LegalAction[]): Moves {
  const has = (t: string): boolean => legal.some((a) => a.type === t);
  const discards = legalCards(legal, "discard");
  return { drawDeck: has("drawDeck"), drawDiscard: has("drawDiscard"), knock: has("knock"), continue: has("continue"), discards };
}

export function isClassic(snap: TableSnap): boolean {
  return snap.info["classic"] === true || variantOf(snap, "classic") === true;
}

/** "12 pts" or "Lives 2" (classic variant). */
export function scoreLine(snap: TableSnap, seat: SeatSnap): string {
  const lives = seat.info["lives"];
  if (isClassic(snap) && typeof lives === "number") return `Lives ${"♥".repeat(Math.max(0, lives)) || "0"}`;
  return `${seat.score} pt${seat.score === 1 ? "" : "s"}`;
}

export function seatTags(snap: TableSnap, seat: SeatSnap, serverNow: number): string[] {
  const tags = baseSeatTags(snap, seat, serverNow);
  if (seat.info["knocked"] === true || snap.info["knocker"] === seat.index) tags.push("KNOCKED");
  if (seat.info["out"] === true) tags.push("OUT");
  return tags;
}

export function badgeInfo(snap: TableSnap, seat: SeatSnap, serverNow: number): BadgeInfo {
  const bars = seat.isBot ? "" : signalGlyph(seat.ping);
  const ping = bars ? ` · ${bars}` : "";
  return {
    name: seatTitle(seat),
    occupied: seat.occupied,
    lines: seat.occupied ? [`${scoreLine(snap, seat)}${ping}`] : [""],
    tags: seatTags(snap, seat, serverNow),
    handCount: seat.handCount,
    active: isActive(snap, seat.index),
    dim: !seat.occupied || seat.info["out"] === true,
  };
}

/** The line above the own hand telling the player what to do. */
export function promptText(snap: TableSnap, mySeat: number | null, moves: Moves): string {
  if (snap.status === "waiting") return "Waiting for players…";
  if (snap.status === "ended") return "Game over";
  const knocker = snap.info["knocker"];
  const last = typeof knocker === "number" && knocker !== mySeat ? `${seatName(snap, knocker, mySeat)} knocked: last turn! ` : "";
  if (moves.drawDeck || moves.drawDiscard) return `${last}Your turn: draw${moves.knock ? " or knock" : " a card"}`;
  if (moves.discards.size > 0) return "Discard a card";
  if (moves.continue) return "Round over";
  if (snap.turn >= 0) return `${last}${playingLine(seatName(snap, snap.turn, mySeat))}`;
  return "";
}

export interface Header {
  readonly round: string;
  readonly goal: string;
  readonly favored: string | null;
  readonly favoredName: string;
}

export function headerOf(snap: TableSnap): Header {
  const favored = str(snap.info["favored"]) || null;
  const target = num(snap.info["target"], 0);
  return {
    round: snap.round > 0 ? `Round ${snap.round}` : "",
    goal: isClassic(snap) ? "Classic · 3 lives" : target > 0 ? `First to ${target} pts` : "",
    favored,
    favoredName: favored ? suitStyle(favored).name : "",
  };
}
