/**
 * Playing, drawing and what each card does (docs/rules/hit-the-deck.md, "Play").
 *
 * One rule covers cards played, the start card and cards exposed by CUT or FLIP: the card on top
 * acts **as if the seat that put it there had just played it**. The start card was put there by
 * the dealer, so it applies to the first player; a cut card by the cutter (the skipped player),
 * so it applies to the player after them; a flipped card by the seat that flipped (the one after
 * the FLIP player), so after the reversal it applies to the FLIP player, who plays again.
 */
import type { Ctx } from "../../engine.ts";
import { card } from "./cards.ts";
import { fits } from "./legal.ts";
import { cutDeck, drawOne, flipPiles, layFaceUp } from "./piles.ts";
import { openRace } from "./race.ts";
import { endHand, startTurn } from "./round.ts";
import { seatAfter, topCard, type HitTheDeckEvent, type HitTheDeckState, type RaceCause } from "./state.ts";

type Events = HitTheDeckEvent[];

/** A safety valve against endless CUT/FLIP chains in one step (never reached in real play). */
export const MAX_CHAIN = 32;

/** `seat` plays `id` from hand: a demand it meets is lifted; the last card ends the hand at once. */
export function playCard(s: HitTheDeckState, seat: number, id: string, drawn: boolean, ctx: Ctx, events: Events): void {
  const hand = s.hands[seat] ?? [];
  hand.splice(hand.indexOf(id), 1);
  layFaceUp(s, id);
  events.push({ type: "cardPlayed", seat, card: id, drawn });
  if (s.demand !== null) {
    s.demand = null;
    events.push({ type: "demandMet", seat, card: id });
  }
  if (hand.length === 0) return endHand(s, seat, ctx, events);
  resolveTop(s, seat, "played", ctx, events);
}

/** Cannot play: draw one card and play it if it fits, else the turn ends. Nothing to draw: the turn ends. */
export function drawAndPlay(s: HitTheDeckState, seat: number, ctx: Ctx, events: Events): void {
  const id = drawOne(s, ctx, events);
  if (id === null) {
    events.push({ type: "nothingToDraw", seat });
    return startTurn(s, seatAfter(s, seat), ctx, events);
  }
  s.hands[seat]?.push(id);
  events.push({ type: "cardDrawn", seat, card: id });
  if (fits(s, id)) return playCard(s, seat, id, true, ctx, events);
  startTurn(s, seatAfter(s, seat), ctx, events);
}

/** The top card takes effect as if `seat` had just played it (see the file comment). */
export function resolveTop(s: HitTheDeckState, seat: number, how: RaceCause, ctx: Ctx, events: Events, depth = 0): void {
  const id = topCard(s) as string;
  const info = card(id);
  const next = seatAfter(s, seat);
  if (depth >= MAX_CHAIN) return startTurn(s, next, ctx, events);
  switch (info.kind) {
    case "cut":
      return cut(s, next, ctx, events, depth);
    case "flip":
      return flip(s, seat, ctx, events, depth);
    case "hitNumber":
      s.demand = { kind: "number", number: info.number ?? 1 };
      events.push({ type: "demandSet", demand: s.demand });
      return startTurn(s, next, ctx, events);
    case "hitColour":
      s.demand = { kind: "colour", colour: info.demandColour ?? "R" };
      events.push({ type: "demandSet", demand: s.demand });
      return startTurn(s, next, ctx, events);
    case "hitHand":
      return openRace(s, id, seat, how, next, ctx, events);
    default:
      return startTurn(s, next, ctx, events);
  }
}

/** CUT THE DECK: the next player is skipped and cuts; the exposed card acts as if they played it. */
function cut(s: HitTheDeckState, cutter: number, ctx: Ctx, events: Events, depth: number): void {
  const exposed = cutDeck(s, ctx, events);
  events.push({ type: "deckCut", seat: cutter, card: exposed });
  if (exposed === null) return startTurn(s, seatAfter(s, cutter), ctx, events);
  resolveTop(s, cutter, "cut", ctx, events, depth + 1);
}

/**
 * FLIP THE DECK: the next player flips both piles, the direction reverses and the FLIP player
 * plays again, following the exposed card (which acts as if the flipper played it).
 */
function flip(s: HitTheDeckState, player: number, ctx: Ctx, events: Events, depth: number): void {
  const flipper = seatAfter(s, player);
  s.direction = s.direction === 1 ? -1 : 1;
  const exposed = flipPiles(s, flipper, ctx, events);
  if (exposed === null || card(exposed).kind === "flip") return startTurn(s, player, ctx, events);
  resolveTop(s, flipper, "flipped", ctx, events, depth + 1);
}
