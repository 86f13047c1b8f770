/**
 * What the Dark Hearts table shows, read from a snapshot: the moves `mine.legal` allows (the
 * client never evaluates a rule), the trick as the server describes it, prompts and seat lines.
 */
import { num, str, type Json, type LegalAction, type SeatSnap, type TableSnap } from "../../net/snapshot.ts";
import type { BadgeInfo } from "../../objects/seat-badge.ts";
import type { Shade } from "../../objects/dark-card.ts";
import { baseSeatTags, isActive, seatName, playingLine } from "../common.ts";
import { seatTitle } from "../../ui/names.ts";

export { isActive, legalOf, seatName } from "../common.ts";

export const SHADE_ICON: Record<Shade, string> = { light: "☀", dark: "☾" };
export const SHADE_NAME: Record<Shade, string> = { light: "Light", dark: "Dark" };
const SUITS: Record<string, string> = { C: "♣ Clubs", D: "♦ Diamonds", H: "♥ Hearts", S: "♠ Spades" };

export function suitName(suit: string): string {
  return SUITS[suit] ?? suit;
}

export function asShade(v: unknown): Shade | null {
  return v === "light" || v === "dark" ? v : null;
}

/** A pass as a set: the same three cards in any order give the same key. */
export function passKey(cards: readonly string[]): string {
  return [...cards].sort().join(" ");
}

export interface Moves {
  /** Keys (`passKey`) of every legal three-card pass. */
  readonly passes: ReadonlySet<string>;
  /** Cards that appear in some legal pass. */
  readonly passCards: ReadonlySet<string>;
  readonly leads: Readonly<Record<Shade, ReadonlySet<string>>>;
  readonly plays: ReadonlySet<string>;
  readonly continue: boolean;
}

function cardsOf(a: LegalAction): string[] {
  const c = a["cards"];
  return Array.isArray(c) ? c.filter((x): x is string => typeof x === "string") : [];
}

/** Every `k`-card choice from `from` (the server sends "any k of these" as one summary). */
function choices(from: readonly string[], k: number, start = 0, acc: string[] = [], out: string[][] = []): string[][] {
  if (acc.length === k) out.push([...acc]);
  else for (let i = start; i < from.length; i++) choices(from, k, i + 1, [...acc, from[i]!], out);
  return out;
}

/** The passes one legal entry allows: one action, or a `{choose, from}` summary of many. */
function passesOf(a: LegalAction): string[][] {
  const c = a["cards"] as { choose?: unknown; from?: unknown } | unknown[] | undefined;
  if (c && !Array.isArray(c) && typeof c.choose === "number" && Array.isArray(c.from)) {
    return choices(
      c.from.filter((x): x is string => typeof x === "string"),
      c.choose,
    );
  }
  return [cardsOf(a)];
}

export function movesOf(legal: readonly LegalAction[]): Moves {
  const passes = new Set<string>();
  const passCards = new Set<string>();
  const leads = { light: new Set<string>(), dark: new Set<string>() };
  const plays = new Set<string>();
  for (const a of legal) {
    if (a.type === "passCards") {
      for (const cards of passesOf(a)) {
        passes.add(passKey(cards));
        cards.forEach((c) => passCards.add(c));
      }
    } else if (a.type === "lead" && typeof a.card === "string") {
      const shade = asShade(a["shade"]);
      if (shade) leads[shade].add(a.card);
    } else if (a.type === "play" && typeof a.card === "string") plays.add(a.card);
  }
  return { passes, passCards, leads, plays, continue: legal.some((a) => a.type === "continue") };
}

export function canLead(m: Moves): boolean {
  return m.leads.light.size > 0 || m.leads.dark.size > 0;
}

export interface TrickPlay {
  readonly seat: number;
  readonly card: string;
  /** The face that counts in this trick. */
  readonly face: string;
  /** Points that face carries in the trick's shade (from the server's view). */
  readonly points: number;
}

export interface TrickShown {
  readonly leader: number;
  readonly shade: Shade;
  readonly suit: string;
  readonly plays: readonly TrickPlay[];
  readonly winning: number | null;
  /** Last trick only. */
  readonly number: number;
  readonly winner: number | null;
  readonly points: number;
}

export function trickOf(raw: unknown): TrickShown | null {
  if (typeof raw !== "object" || raw === null) return null;
  const t = raw as Json;
  const shade = asShade(t["shade"]);
  if (!shade) return null;
  const plays = (Array.isArray(t["plays"]) ? t["plays"] : []).flatMap((p: unknown): TrickPlay[] => {
    const o = (p ?? {}) as Json;
    return typeof o["card"] === "string"
      ? [{ seat: num(o["seat"], -1), card: o["card"], face: str(o["face"]), points: num(o["points"], 0) }]
      : [];
  });
  const winning = typeof t["winning"] === "number" ? t["winning"] : null;
  const winner = typeof t["winner"] === "number" ? t["winner"] : null;
  return {
    leader: num(t["leader"], -1),
    shade,
    suit: str(t["suit"]),
    plays,
    winning,
    number: num(t["number"], 0),
    winner,
    points: num(t["points"], 0),
  };
}

/** A card that cannot take the trick and carries no points (as the server says): it does not count. */
export function countsIn(t: TrickShown, p: TrickPlay): boolean {
  return p.face.slice(-1) === t.suit || p.points > 0;
}

export function broken(snap: TableSnap): Record<Shade, boolean> {
  const hb = (snap.info["heartsBroken"] ?? {}) as Json;
  return { light: hb["light"] === true, dark: hb["dark"] === true };
}

export function scoreLine(seat: SeatSnap): string {
  return `Score ☀${num(seat.info["light"])} ☾${num(seat.info["dark"])}`;
}

export function handLine(seat: SeatSnap): string {
  return `Hand ☀${num(seat.info["handLight"])} ☾${num(seat.info["handDark"])}`;
}

/** "3 tr" on a badge, "3 tricks" elsewhere. */
export function tricksLine(seat: SeatSnap, short = true): string {
  const t = num(seat.info["tricks"]);
  return short ? `${t} tr` : `${t} trick${t === 1 ? "" : "s"}`;
}

export function seatTags(snap: TableSnap, seat: SeatSnap, serverNow: number): string[] {
  const tags = baseSeatTags(snap, seat, serverNow);
  if (snap.phase === "pass" && snap.status === "playing") tags.push(seat.info["passed"] === true ? "✓ PASSED" : "… CHOOSING");
  const trick = trickOf(snap.info["trick"]);
  if (trick && trick.plays.length > 0 && trick.winning === seat.index) tags.push("★ WINNING");
  return tags;
}

/** `compact` (phone): no tricks count, so the lines fit a narrow badge. */
export function badgeInfo(snap: TableSnap, seat: SeatSnap, serverNow: number, compact = false): BadgeInfo {
  return {
    name: seatTitle(seat),
    occupied: seat.occupied,
    lines: seat.occupied ? [scoreLine(seat), compact ? handLine(seat) : `${handLine(seat)} · ${tricksLine(seat)}`] : [""],
    tags: seatTags(snap, seat, serverNow),
    handCount: seat.handCount,
    active: isActive(snap, seat.index),
    dim: !seat.occupied,
  };
}

export function passDirection(snap: TableSnap): string {
  return str(snap.info["passDirection"]);
}

const ARROWS: Record<string, string> = { left: "← left", right: "right →", across: "↑ across", hold: "hold" };

export function directionText(dir: string): string {
  return ARROWS[dir] ?? dir;
}

/** The line above the own hand telling the player what to do. */
export function promptText(snap: TableSnap, mySeat: number | null, m: Moves, picked: number, leadShade: Shade): string {
  if (snap.status === "waiting") return "Waiting for players…";
  if (snap.status === "ended") return "Game over";
  const info = mySeat === null ? {} : (snap.seats[mySeat]?.mine?.info ?? {});
  const to = seatName(snap, typeof info["passTo"] === "number" ? info["passTo"] : null, mySeat);
  if (m.passes.size > 0)
    return picked < 3
      ? `Pick ${3 - picked} more card${picked === 2 ? "" : "s"} to pass ${directionText(passDirection(snap))} to ${to}`
      : `Pass these three to ${to}?`;
  if (snap.phase === "pass") return `Passed to ${to}. Waiting for ${waitingNames(snap, mySeat)}…`;
  if (canLead(m)) return `Your lead in ${SHADE_ICON[leadShade]} ${SHADE_NAME[leadShade]}: switch the shade or pick a card`;
  if (m.plays.size > 0) {
    const t = trickOf(snap.info["trick"]);
    return t ? `Your turn: follow ${SHADE_ICON[t.shade]} ${SHADE_NAME[t.shade]} ${suitName(t.suit)} if you can` : "Your turn";
  }
  if (m.continue) return "Hand over";
  if (snap.turn >= 0) return playingLine(seatName(snap, snap.turn, mySeat));
  return "";
}

function waitingNames(snap: TableSnap, mySeat: number | null): string {
  const names = snap.awaiting.map((s) => seatName(snap, s, mySeat)).filter((n) => n !== "");
  return names.length > 0 ? names.join(", ") : "the exchange";
}
