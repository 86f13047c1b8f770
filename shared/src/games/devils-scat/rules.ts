/**
 * Setup, actions and timeouts (docs/rules/devils-scat.md; docs/rules/common.md, "Timers and default actions").
 */
import { advance, err, ok, type Ctx, type Result, type Step } from "../../engine.ts";
import { SUITS } from "./cards.ts";
import { chooseDiscard, isScat } from "./hand-value.ts";
import { checkAction, canDrawDeck } from "./legal.ts";
import { CLASSIC_LIVES, type DevilsScatOptions } from "./options.ts";
import { dealRound, endTurn, knock, nextRound, revealScat } from "./round.ts";
import { cloneState, type DevilsScatAction, type DevilsScatEvent, type DevilsScatState, type DrawSource } from "./state.ts";
import { refillDrawPile } from "../../piles.ts";

type Events = DevilsScatEvent[];
type DsStep = Step<DevilsScatState, DevilsScatEvent>;

/** First dealer at random; Boot a Suit removes one random suit for the whole game. */
export function setup(options: DevilsScatOptions, ctx: Ctx): DsStep {
  const n = options.seats;
  const booted = options.bootASuit ? ctx.rng.pick(SUITS) : null;
  const suits = SUITS.filter((suit) => suit !== booted);
  const s: DevilsScatState = {
    version: 0,
    phase: "turn",
    deadline: null,
    options,
    suits,
    round: 0,
    dealer: ctx.rng.int(n),
    turn: -1,
    turnCount: 0,
    hands: Array.from({ length: n }, () => []),
    deck: [],
    discard: [],
    favored: suits[0] ?? "H",
    scores: new Array<number>(n).fill(0),
    lives: new Array<number>(n).fill(options.classic ? CLASSIC_LIVES : 0),
    out: new Array<boolean>(n).fill(false),
    knocker: null,
    lastTurns: [],
    drawnFrom: null,
    drawnCard: null,
    result: null,
    continued: new Array<boolean>(n).fill(false),
    winners: [],
    eliminated: [],
  };
  const events: Events = [];
  dealRound(s, ctx, events);
  return { state: s, events };
}

export function apply(state: DevilsScatState, seat: number, action: DevilsScatAction, ctx: Ctx): Result<DsStep> {
  const refusal = checkAction(state, seat, action);
  if (refusal) return err(refusal.code, refusal.message);
  return ok(
    advance(state, cloneState, (s, events: Events) => {
      switch (action.type) {
        case "drawDeck":
          draw(s, "deck", ctx, events);
          break;
        case "drawDiscard":
          draw(s, "discard", ctx, events);
          break;
        case "discard":
          discard(s, action.card, ctx, events);
          break;
        case "knock":
          knock(s, ctx, events);
          break;
        case "continue":
          continueRound(s, seat, ctx, events);
          break;
      }
    }),
  );
}

/**
 * Draw pile empty: keep the top discard and shuffle the rest into a new draw pile (docs/rules/common.md,
 * "Turns, dealers, piles").
 */
function draw(s: DevilsScatState, from: DrawSource, ctx: Ctx, events: Events): void {
  const reshuffled = from === "deck" ? refillDrawPile(s, ctx.rng) : null;
  if (reshuffled) events.push(reshuffled);
  const card = (from === "deck" ? s.deck.pop() : s.discard.pop()) as string;
  s.hands[s.turn]?.push(card);
  s.drawnFrom = from;
  s.drawnCard = card;
  events.push({ type: "cardDrawn", seat: s.turn, from, card });
}

/** A discard completes the hand: a Scat or Devil's Scat is revealed at once and wins the round. */
function discard(s: DevilsScatState, card: string, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  const hand = (s.hands[seat] ?? []).filter((c) => c !== card);
  s.hands[seat] = hand;
  s.discard.push(card);
  events.push({ type: "cardDiscarded", seat, card });
  if (isScat(hand)) revealScat(s, seat, ctx, events);
  else endTurn(s, ctx, events);
}

/** The next round is dealt once every player still in has continued. */
function continueRound(s: DevilsScatState, seat: number, ctx: Ctx, events: Events): void {
  s.continued[seat] = true;
  events.push({ type: "playerContinued", seat });
  if (s.continued.every((c, i) => c || s.out[i])) nextRound(s, ctx, events);
}

/**
 * Turn timeout: draw from the deck (else the discard pile) and discard the lowest-value card that
 * keeps the best hand value; a player who already drew only discards. Round pause: deal on.
 */
export function onDeadline(state: DevilsScatState, ctx: Ctx): DsStep {
  if (state.phase === "gameOver") return { state, events: [] };
  return advance(state, cloneState, (s, events: Events) => {
    if (s.phase === "roundOver") return nextRound(s, ctx, events);
    events.push({ type: "turnTimedOut", seat: s.turn });
    if (s.drawnFrom === null) draw(s, canDrawDeck(s) ? "deck" : "discard", ctx, events);
    const forbidden = s.drawnFrom === "discard" ? s.drawnCard : null;
    discard(s, chooseDiscard(s.hands[s.turn] ?? [], forbidden, s.favored), ctx, events);
  });
}
