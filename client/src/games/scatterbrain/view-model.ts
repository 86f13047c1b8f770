/**
 * What the Scatterbrain table shows, computed from a snapshot: the clicks `mine.legal` allows
 * (the client never evaluates a rule), prompts, seat labels and the cards in front of each seat.
 */
import type { LegalAction, SeatSnap, TableSnap } from "../../net/snapshot.ts";
import type { BadgeInfo } from "../../objects/seat-badge.ts";
import { baseSeatTags, isActive, legalCards, seatName } from "../common.ts";
import type { StripGroup } from "./card-strip.ts";
import { seatTitle } from "../../ui/names.ts";

export { isActive, legalOf, seatName } from "../common.ts";

export interface Moves {
  readonly holes: ReadonlySet<string>;
  readonly drawDeck: boolean;
  readonly drawDiscard: boolean;
  readonly discards: ReadonlySet<string>;
  readonly call: boolean;
  readonly decline: boolean;
  readonly guesses: ReadonlySet<string>;
  readonly skip: boolean;
}

export function movesOf(legal: readonly LegalAction[]): Moves {
  const has = (t: string): boolean => legal.some((a) => a.type === t);
  return {
    holes: legalCards(legal, "chooseHole"),
    drawDeck: has("drawDeck"),
    drawDiscard: has("drawDiscard"),
    discards: legalCards(legal, "discard"),
    call: has("callScatterbrain"),
    decline: has("declineCall"),
    guesses: legalCards(legal, "guess"),
    skip: has("skipGuess"),
  };
}

const SUIT_SYMBOL: Readonly<Record<string, string>> = { C: "♣", D: "♦", H: "♥", S: "♠" };
const KIND: Readonly<Record<string, string>> = { plain: "Straight", pure: "Pure ×2", top: "Top ×3" };

/** "6♦", "10♠". */
export function cardLabel(card: string): string {
  return `${card.slice(0, -1)}${SUIT_SYMBOL[card.slice(-1)] ?? card.slice(-1)}`;
}

export function kindLabel(kind: unknown): string {
  return typeof kind === "string" ? (KIND[kind] ?? kind) : "";
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((c): c is string => typeof c === "string") : [];
}

/** The cards in front of a seat; `hole` is the own hole card (only its owner sees it). */
export function tableGroups(seat: SeatSnap, hole: string | null = null): StripGroup[] {
  const info = seat.info;
  const straight = strings(info["straight"]);
  const groups: StripGroup[] = [];
  if (straight.length > 0) groups.push({ cards: straight, caption: `★ ${kindLabel(info["kind"]).toUpperCase()}`, ring: 0xffd54a });
  else if (info["hasHole"] === true) groups.push({ cards: [hole], caption: hole ? "YOUR HOLE" : "HOLE" });
  const trophies = strings(info["trophies"]);
  if (trophies.length > 0) groups.push({ cards: trophies, caption: `WON ×${trophies.length}` });
  const holes = strings(info["holesWon"]);
  if (holes.length > 0) groups.push({ cards: holes, caption: "HOLES", ring: 0x7cf5b0 });
  const captured = typeof info["captured"] === "number" ? info["captured"] : 0;
  if (captured > 0) groups.push({ cards: [null], caption: `${captured} TAKEN` });
  return groups;
}

export function seatTags(snap: TableSnap, seat: SeatSnap, serverNow: number): string[] {
  const tags = baseSeatTags(snap, seat, serverNow);
  const info = seat.info;
  if (info["out"] === true) tags.push("✖ OUT");
  else if (info["called"] === true) tags.push(`★ ${kindLabel(info["kind"]).toUpperCase()}`);
  if (snap.phase === "chooseHole" && snap.awaiting.includes(seat.index)) tags.push("CHOOSING…");
  if (snap.info["guessing"] === seat.index) tags.push("? GUESSING");
  return tags;
}

export function scoreLine(seat: SeatSnap): string {
  const hp = typeof seat.info["handPoints"] === "number" ? seat.info["handPoints"] : 0;
  return `${seat.score} pts${hp > 0 ? ` · +${hp} this hand` : ""}`;
}

export function badgeInfo(snap: TableSnap, seat: SeatSnap, serverNow: number): BadgeInfo {
  return {
    name: seatTitle(seat),
    occupied: seat.occupied,
    lines: seat.occupied ? [scoreLine(seat)] : [""],
    tags: seatTags(snap, seat, serverNow),
    handCount: snap.phase === "memorise" ? 0 : seat.handCount,
    active: isActive(snap, seat.index),
    dim: !seat.occupied || seat.info["out"] === true,
  };
}

/** The line above the own hand telling the player what to do. */
export function promptText(snap: TableSnap, mySeat: number | null, m: Moves): string {
  if (snap.status === "waiting") return "Waiting for players…";
  if (snap.status === "ended" || snap.phase === "gameOver") return "Game over";
  const who = (s: number): string => seatName(snap, s, mySeat);
  switch (snap.phase) {
    case "memorise":
      return "Memorise every hand before they are picked up!";
    case "chooseHole":
      return m.holes.size > 0 ? "Pick your hole card (face down, never discarded)" : "Waiting for the others to choose their hole card…";
    case "guess":
      if (m.guesses.size > 0)
        return snap.info["deckOut"] === "noCall" ? "Deck out: name a card, find a hole card!" : "Your guess: name a card you cannot see";
      return `${who(snap.turn)} ${snap.turn === mySeat ? "are" : "is"} guessing…`;
    case "handOver":
      return "Hand over";
    default:
      break;
  }
  if (m.call) return "You hold a straight! Call Scatterbrain or keep playing";
  if (m.drawDeck || m.drawDiscard) return "Your turn: draw from the deck or take the top discard";
  if (m.discards.size > 0) return "Discard a card";
  return snap.turn >= 0 ? `${who(snap.turn)} ${snap.turn === mySeat ? "are" : "is"} playing…` : "";
}

/** Total length of the current phase's countdown, from the table options. */
export function phaseTotalMs(snap: TableSnap): number {
  const variants = (snap.options["variants"] ?? {}) as Record<string, unknown>;
  const turnMs = (typeof snap.options["turnSeconds"] === "number" ? snap.options["turnSeconds"] : 30) * 1000;
  const pick = (key: string, def: number): number => (typeof variants[key] === "number" ? (variants[key] as number) : def);
  if (snap.phase === "memorise") return pick("memoriseMs", 8000);
  if (snap.phase === "guess") return pick("guessMs", 15000);
  if (snap.phase === "handOver") return pick("pauseMs", 8000);
  return turnMs;
}

export function countdownLabel(snap: TableSnap, mySeat: number | null): string {
  const who = (s: number): string => (s === mySeat ? "Your" : `${seatName(snap, s, mySeat)}'s`);
  switch (snap.phase) {
    case "memorise":
      return "Memorise";
    case "chooseHole":
      return "Hole card";
    case "guess":
      return `${who(snap.turn)} guess`;
    case "turn":
      return `${who(snap.turn)} turn`;
    default:
      return "";
  }
}
