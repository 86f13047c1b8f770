/**
 * Tricks (docs/rules/dark-hearts.md, "Tricks", "Breaking hearts",
 * "The leftover"): the leader's shade, following, the winner by the trick's shade, breaking hearts and
 * the 3-player leftover.
 */
import type { Ctx } from "../../engine.ts";
import { face } from "../../dark-deck.ts";
import { cardPoints, rankValue, suitOf, type Shade } from "./cards.ts";
import { endHand } from "./scoring.ts";
import { leftOf, type DarkHeartsEvent, type DarkHeartsState, type LeftoverTaken, type Play, type Trick } from "./state.ts";

type Events = DarkHeartsEvent[];

export function startTurn(s: DarkHeartsState, seat: number, ctx: Ctx, events: Events): void {
  s.turn = seat;
  s.deadline = ctx.now + s.options.turnMs;
  events.push({ type: "turnStarted", seat, deadline: s.deadline, lead: s.trick === null, trick: s.tricksPlayed + 1 });
}

/** Plays `card` for the seat on turn; a lead names the shade, whose face of the card sets the suit. */
export function playCard(s: DarkHeartsState, card: string, leadShade: Shade | null, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  s.hands[seat] = (s.hands[seat] ?? []).filter((c) => c !== card);
  if (s.trick === null) {
    const shade = leadShade ?? "light";
    s.trick = { leader: seat, shade, suit: suitOf(face(card, shade)), plays: [] };
  }
  const trick = s.trick;
  trick.plays.push({ seat, card });
  events.push({ type: "cardPlayed", seat, card, shade: trick.shade, face: face(card, trick.shade), lead: trick.plays.length === 1 });
  if (trick.plays.length < s.options.seats) return startTurn(s, leftOf(s, seat), ctx, events);
  completeTrick(s, trick, ctx, events);
}

/** The highest face of the led suit in the trick's shade takes the trick (Aces high). */
export function trickWinner(trick: { readonly shade: Shade; readonly suit: string; readonly plays: readonly Play[] }): number {
  let best: Play | undefined;
  for (const p of trick.plays) {
    const f = face(p.card, trick.shade);
    if (suitOf(f) !== trick.suit) continue;
    if (best === undefined || rankValue(f) > rankValue(face(best.card, trick.shade))) best = p;
  }
  return best?.seat ?? trick.plays[0]?.seat ?? -1;
}

/** Points count only for the faces in the trick's shade. */
export function trickPoints(trick: { readonly shade: Shade; readonly plays: readonly Play[] }): number {
  return trick.plays.reduce((sum, p) => sum + cardPoints(p.card, trick.shade), 0);
}

/**
 * Hearts break in a shade when a point face of that shade is taken in a trick of that shade; the
 * taker of the first such trick (either shade) also takes the 3-player leftover, which scores its
 * face in that trick's shade (docs/rules/dark-hearts.md, "The leftover").
 */
function completeTrick(s: DarkHeartsState, trick: Trick, ctx: Ctx, events: Events): void {
  const winner = trickWinner(trick);
  const points = trickPoints(trick);
  const broke = points > 0 && !s.broken[trick.shade];
  const leftover = points > 0 ? takeLeftover(s, winner, trick.shade) : null;
  s.tricksPlayed += 1;
  s.tricksWon[winner] = (s.tricksWon[winner] ?? 0) + 1;
  s.taken[winner]?.push(...trick.plays.map((p) => p.card));
  s.handPoints[trick.shade][winner] = (s.handPoints[trick.shade][winner] ?? 0) + points;
  const record = {
    number: s.tricksPlayed,
    leader: trick.leader,
    shade: trick.shade,
    suit: trick.suit,
    plays: trick.plays.slice(),
    winner,
    points,
    broke,
    leftover,
  };
  s.lastTrick = record;
  s.trick = null;
  events.push({ type: "trickWon", trick: record });
  if (broke) {
    s.broken[trick.shade] = true;
    events.push({ type: "heartsBroken", shade: trick.shade, seat: winner });
  }
  if (leftover !== null) events.push({ type: "leftoverTaken", leftover });
  if (s.hands.every((h) => h.length === 0)) return endHand(s, ctx, events);
  startTurn(s, winner, ctx, events);
}

function takeLeftover(s: DarkHeartsState, seat: number, shade: Shade): LeftoverTaken | null {
  const card = s.leftover;
  if (card === null) return null;
  const taken: LeftoverTaken = { seat, card, shade, points: cardPoints(card, shade) };
  s.leftover = null;
  s.leftoverTaken = taken;
  s.taken[seat]?.push(card);
  s.handPoints[shade][seat] = (s.handPoints[shade][seat] ?? 0) + taken.points;
  return taken;
}
