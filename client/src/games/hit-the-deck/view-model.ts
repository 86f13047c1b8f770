/**
 * What the Hit the Deck table shows, from a snapshot: the moves `mine.legal` allows (the client
 * never evaluates a rule), the demand and direction, prompts and seat labels.
 */
import type { Json, LegalAction, SeatSnap, TableSnap } from "../../net/snapshot.ts";
import type { BadgeInfo } from "../../objects/seat-badge.ts";
import { baseSeatTags, isActive, legalCards, seatName, targetOf } from "../common.ts";
import { signalGlyph } from "../../objects/signal.ts";
import { COLOURS, isColour } from "./glyphs.ts";
import { seatTitle } from "../../ui/names.ts";

export { isActive, legalOf, seatName } from "../common.ts";

export interface Moves {
  readonly plays: ReadonlySet<string>;
  readonly draw: boolean;
  readonly slap: boolean;
  readonly call: boolean;
  readonly continue: boolean;
}

export function movesOf(legal: readonly LegalAction[]): Moves {
  const has = (t: string): boolean => legal.some((a) => a.type === t);
  return { plays: legalCards(legal, "play"), draw: has("draw"), slap: has("slap"), call: has("call"), continue: has("continue") };
}

function obj(v: unknown): Json | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : null;
}

export const raceOf = (snap: TableSnap): Json | null => obj(snap.info["race"]);
export const lastRaceOf = (snap: TableSnap): Json | null => obj(snap.info["lastRace"]);

/** "a 4" / "● Red": what the open demand asks for (empty when none). */
export function demandText(snap: TableSnap): string {
  const d = obj(snap.info["demand"]);
  if (!d) return "";
  if (d["kind"] === "number") return `a ${String(d["number"])}`;
  const c = String(d["colour"]);
  return isColour(c) ? `${COLOURS[c].glyph} ${COLOURS[c].name}` : c;
}

export function directionOf(snap: TableSnap): 1 | -1 {
  return snap.info["direction"] === -1 ? -1 : 1;
}

export function pingText(seat: SeatSnap): string {
  if (seat.isBot) return "bot";
  return signalGlyph(seat.ping) || "…";
}

export function seatTags(snap: TableSnap, seat: SeatSnap, serverNow: number): string[] {
  const tags = baseSeatTags(snap, seat, serverNow).filter((t) => t !== "BOT");
  const race = raceOf(snap);
  const slapped = Array.isArray(race?.["slapped"]) ? (race["slapped"] as unknown[]) : [];
  const at = slapped.indexOf(seat.index);
  if (at >= 0) tags.push(`SLAPPED #${at + 1}`);
  if (seat.info["mustCall"] === true) tags.push("MUST CALL");
  if (race && race["cause"] === seat.index && race["called"] === true) tags.push("CALLED");
  return tags;
}

export function badgeInfo(snap: TableSnap, seat: SeatSnap, serverNow: number): BadgeInfo {
  const name = seatTitle(seat);
  return {
    name: seat.occupied ? `${name} · ${pingText(seat)}` : name,
    occupied: seat.occupied,
    lines: seat.occupied ? [`${seat.score} pts · ${seat.handCount} card${seat.handCount === 1 ? "" : "s"}`] : [""],
    tags: seatTags(snap, seat, serverNow),
    handCount: Math.min(seat.handCount, 12),
    active: isActive(snap, seat.index),
    dim: !seat.occupied,
  };
}

function racePrompt(snap: TableSnap, mySeat: number | null, moves: Moves, race: Json): string {
  if (moves.call) return "You exposed it: CALL it (C) and SLAP (space)!";
  if (moves.slap) return "HIT THE DECK WITH A HAND! Slap now: space or SLAP";
  const cause = seatName(snap, typeof race["cause"] === "number" ? race["cause"] : -1, mySeat);
  return race["call"] === "pending" ? `Slapped! Waiting for ${cause} to call…` : "Slapped! Waiting for the others…";
}

/** The line above the own hand telling the player what to do. */
export function promptText(snap: TableSnap, mySeat: number | null, moves: Moves): string {
  if (snap.status === "waiting") return "Waiting for players…";
  if (snap.status === "ended") return "Game over";
  const race = raceOf(snap);
  if (race) return racePrompt(snap, mySeat, moves, race);
  if (moves.continue) return "Hand over";
  const demand = demandText(snap);
  const need = demand ? ` (must be ${demand})` : "";
  if (moves.plays.size > 0) return `Your turn: play a highlighted card${need}`;
  if (moves.draw) return `Your turn: nothing fits${need}, draw a card`;
  if (snap.turn >= 0) return `${seatName(snap, snap.turn, mySeat)} ${snap.turn === mySeat ? "are" : "is"} playing…`;
  return "";
}

export interface Header {
  readonly left: string;
  readonly direction: 1 | -1;
  readonly demand: string;
}

export function headerOf(snap: TableSnap): Header {
  const target = targetOf(snap);
  const round = snap.round > 0 ? `Hand ${snap.round} · ` : "";
  return { left: `${round}Game to ${target}`, direction: directionOf(snap), demand: demandText(snap) };
}
