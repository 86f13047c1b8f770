/**
 * What the Skit Scat / Dark Hand table shows, computed from a snapshot: the clicks `mine.legal`
 * allows (the client never evaluates a rule), prompts, the final-round line and seat labels.
 */
import { num, str, type Json, type LegalAction, type SeatSnap, type TableSnap } from "../../net/snapshot.ts";
import type { BadgeInfo } from "../../objects/seat-badge.ts";
import type { Shade } from "../../objects/dark-card.ts";
import { baseSeatTags, isActive, legalCards, seatName, playingLine } from "../common.ts";
import { signalGlyph } from "../../objects/signal.ts";
import { seatTitle } from "../../ui/names.ts";

export { isActive, legalOf, seatName } from "../common.ts";

export const SHADE_SYMBOL: Readonly<Record<Shade, string>> = { light: "☀", dark: "☾" };
export const SHADE_NAME: Readonly<Record<Shade, string>> = { light: "Light", dark: "Dark" };

export interface Moves {
  readonly drawDeck: boolean;
  readonly drawDiscard: boolean;
  readonly discards: ReadonlySet<string>;
  /** Legal `declare` actions (Dark Hand: one per shade). */
  readonly declares: readonly LegalAction[];
  readonly endTurn: boolean;
  readonly calls: ReadonlySet<Shade>;
  readonly continue: boolean;
}

export function isShade(v: unknown): v is Shade {
  return v === "light" || v === "dark";
}

export function movesOf(legal: readonly LegalAction[]): Moves {
  const has = (t: string): boolean => legal.some((a) => a.type === t);
  const calls = new Set(
    legal
      .filter((a) => a.type === "call")
      .map((a) => a["shade"])
      .filter(isShade),
  );
  return {
    drawDeck: has("drawDeck"),
    drawDiscard: has("drawDiscard"),
    discards: legalCards(legal, "discard"),
    declares: legal.filter((a) => a.type === "declare"),
    endTurn: has("endTurn"),
    calls,
    continue: has("continue"),
  };
}

export function isDark(snap: TableSnap): boolean {
  return snap.game === "dark_hand" || snap.info["game"] === "dark_hand";
}

/** A laid-down Skit or Scat as the view sends it. */
export interface MeldInfo {
  readonly seat: number;
  readonly kind: string;
  readonly shade: Shade | null;
  readonly cards: readonly string[];
  readonly finalRound: boolean;
  readonly forfeit: boolean;
}

export function meldsOf(v: unknown): MeldInfo[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((m: unknown) => {
    if (typeof m !== "object" || m === null) return [];
    const j = m as Json;
    const cards = Array.isArray(j["cards"]) ? j["cards"].filter((c): c is string => typeof c === "string") : [];
    const shade = isShade(j["shade"]) ? j["shade"] : null;
    return [
      {
        seat: num(j["seat"], -1),
        kind: str(j["kind"]),
        shade,
        cards,
        finalRound: j["finalRound"] === true,
        forfeit: j["forfeit"] === true,
      },
    ];
  });
}

/** "Scat ☾", "Skit" (Skit Scat has no shades). */
export function meldLabel(kind: string, shade: Shade | null): string {
  const k = kind === "scat" ? "Scat" : kind === "skit" ? "Skit" : kind;
  return shade ? `${k} ${SHADE_SYMBOL[shade]}` : k;
}

/** Who holds each Joker (null: on the table; the whole thing null in Skit Scat). */
export function jokersOf(snap: TableSnap): Record<Shade, number | null> | null {
  const j = snap.info["jokers"];
  if (typeof j !== "object" || j === null) return null;
  const o = j as Json;
  const holder = (v: unknown): number | null => (typeof v === "number" ? v : null);
  return { light: holder(o["light"]), dark: holder(o["dark"]) };
}

export function finalTurnsOf(snap: TableSnap): number[] {
  const f = snap.info["finalTurns"];
  return Array.isArray(f) ? f.filter((x): x is number => typeof x === "number") : [];
}

export function seatTags(snap: TableSnap, seat: SeatSnap, serverNow: number): string[] {
  const tags = baseSeatTags(snap, seat, serverNow);
  const called = seat.info["called"];
  if (isShade(called)) tags.push(`${SHADE_SYMBOL[called]} ${called.toUpperCase()} HAND`);
  const declared = str(seat.info["declared"]);
  if (declared) tags.push(declared.toUpperCase());
  if (snap.info["finalRound"] === true && seat.info["finalTurnPending"] === true) tags.push("⚑ FINAL TURN");
  if (seat.info["out"] === true) tags.push("OUT");
  return tags;
}

export function tokenCount(seat: SeatSnap): number {
  return num(seat.info["tokens"], seat.score);
}

export function badgeInfo(snap: TableSnap, seat: SeatSnap, serverNow: number): BadgeInfo {
  const bars = seat.isBot ? "" : signalGlyph(seat.ping);
  const ping = bars ? ` · ${bars}` : "";
  const n = tokenCount(seat);
  return {
    name: seatTitle(seat),
    occupied: seat.occupied,
    lines: seat.occupied ? [`${n} token${n === 1 ? "" : "s"}${ping}`] : [""],
    tags: seatTags(snap, seat, serverNow),
    handCount: seat.handCount,
    active: isActive(snap, seat.index),
    dim: !seat.occupied || seat.info["out"] === true,
    ...(seat.occupied ? { tokens: { count: n } } : {}),
  };
}

/** "⚑ FINAL ROUND · Ann's Skit · still to play: ▶ Bob, You" (empty outside the final round). */
export function finalRoundLine(snap: TableSnap, mySeat: number | null): string {
  if (snap.info["finalRound"] !== true) return "";
  const skitter = snap.info["skitter"];
  const who = typeof skitter === "number" ? seatName(snap, skitter, mySeat) : "";
  const owner = who === "You" ? "your" : `${who}'s`;
  const left = finalTurnsOf(snap).map((s, i) => `${i === 0 ? "▶ " : ""}${seatName(snap, s, mySeat)}`);
  return `⚑ FINAL ROUND · after ${owner} Skit · last turns: ${left.join(", ") || "none"}`;
}

function callHint(moves: Moves): string {
  if (moves.calls.size === 0) return "";
  return " · or call!";
}

/** The line above the own hand telling the player what to do. */
export function promptText(snap: TableSnap, mySeat: number | null, moves: Moves): string {
  if (snap.status === "waiting") return "Waiting for players…";
  if (snap.status === "ended") return "Game over";
  if (snap.phase === "roundOver") return "Hand over";
  const me = mySeat === null ? undefined : snap.seats[mySeat];
  if (me?.info["out"] === true) return "You are out: watching the table";
  const final = snap.info["finalRound"] === true ? "Final round! " : "";
  if (moves.drawDeck || moves.drawDiscard) return `${final}Your turn: draw a card${callHint(moves)}`;
  if (moves.discards.size > 0) return `${final}Discard a card${callHint(moves)}`;
  if (moves.declares.length > 0) return "Declare your hand, or keep it";
  if (moves.endTurn) return "Keep your hand to end the turn";
  if (snap.turn >= 0) {
    const who = seatName(snap, snap.turn, mySeat);
    return `${final}${playingLine(who)}${moves.calls.size > 0 ? " · you may call now" : ""}`;
  }
  return "";
}

export interface Header {
  readonly left: string;
}

export function headerOf(snap: TableSnap): Header {
  const title = isDark(snap) ? "Dark Hand" : "Skit Scat";
  const round = snap.round > 0 ? ` · Hand ${snap.round}` : "";
  const start = num(snap.info["startTokens"], 0);
  const forfeit = snap.info["forfeitPlay"] === true ? " · Forfeit Play" : "";
  return { left: `${title}${round}${start > 0 ? ` · ${start} tokens each` : ""}${forfeit}` };
}
