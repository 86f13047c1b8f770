/**
 * Setup, actions and timeouts of Skit Scat and Dark Hand (docs/rules/dark-hand.md;
 * docs/rules/common.md, "Turns, dealers, piles", "Timers and default actions").
 */
import { advance, err, ok, type Ctx, type Result, type Step } from "../../engine.ts";
import type { Shade } from "../../dark-deck.ts";
import { canDrawDeck, checkAction, declareOptions, type DeclareOption } from "./legal.ts";
import type { GameRules, TableOptions } from "./options.ts";
import { dealHand, endHand, endTurn, nextHand, openFinalRound } from "./round.ts";
import { cloneState, type DrawSource, type HandAction, type HandEvent, type HandState } from "./state.ts";
import { refillDrawPile } from "../../piles.ts";

type Events = HandEvent[];
type HandStep = Step<HandState, HandEvent>;

/** Everyone starts with the game's tokens and an empty pot; the first dealer is chosen at random. */
export function setupGame(options: TableOptions, rules: GameRules, ctx: Ctx): HandStep {
  const n = options.seats;
  const s: HandState = {
    version: 0,
    phase: "turn",
    deadline: null,
    options,
    rules,
    round: 0,
    dealer: ctx.rng.int(n),
    turn: -1,
    step: null,
    hands: Array.from({ length: n }, () => []),
    deck: [],
    discard: [],
    tokens: new Array<number>(n).fill(rules.startTokens),
    pot: 0,
    out: new Array<boolean>(n).fill(false),
    jokers: { light: null, dark: null },
    hadTurn: new Array<boolean>(n).fill(false),
    calledThisTurn: false,
    drawnFrom: null,
    drawnCard: null,
    melds: [],
    skitter: null,
    finalTurns: [],
    result: null,
    continued: new Array<boolean>(n).fill(false),
    winners: [],
    eliminated: [],
  };
  const events: Events = [];
  dealHand(s, ctx, events);
  return { state: s, events };
}

export function apply(state: HandState, seat: number, action: HandAction, ctx: Ctx): Result<HandStep> {
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
        case "declare":
          declare(s, chosenOption(s, action.shade), ctx, events);
          break;
        case "endTurn":
          endTurn(s, ctx, events);
          break;
        case "call":
          call(s, seat, action.shade, ctx, events);
          break;
        case "continue":
          continueHand(s, seat, ctx, events);
          break;
      }
    }),
  );
}

/**
 * Draw pile empty: keep the top discard and shuffle the rest into a new draw pile (docs/rules/common.md,
 * "Turns, dealers, piles").
 */
function draw(s: HandState, from: DrawSource, ctx: Ctx, events: Events): void {
  const reshuffled = from === "deck" ? refillDrawPile(s, ctx.rng) : null;
  if (reshuffled) events.push(reshuffled);
  const card = (from === "deck" ? s.deck.pop() : s.discard.pop()) as string;
  s.hands[s.turn]?.push(card);
  s.drawnFrom = from;
  s.drawnCard = card;
  s.step = "discard";
  events.push({ type: "cardDrawn", seat: s.turn, from, card });
}

/** Any card may be discarded; a hand that now forms a declarable meld may be declared. */
function discard(s: HandState, card: string, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  s.hands[seat] = (s.hands[seat] ?? []).filter((c) => c !== card);
  s.discard.push(card);
  events.push({ type: "cardDiscarded", seat, card });
  if (declareOptions(s, seat).length > 0) s.step = "declare";
  else endTurn(s, ctx, events);
}

function chosenOption(s: HandState, shade: Shade | undefined): DeclareOption {
  const options = declareOptions(s, s.turn);
  const option = options.find((o) => !s.rules.dark || o.shade === shade);
  if (option === undefined) throw new Error("declare was checked legal but has no option");
  return option;
}

/**
 * The cards go face up on the table. A Scat ends the hand; the first Skit opens the final round;
 * a Skit in the final round only ends that player's turn.
 */
function declare(s: HandState, option: DeclareOption, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  const cards = (s.hands[seat] ?? []).slice();
  const meld = {
    seat,
    kind: option.kind,
    shade: s.rules.dark ? option.shade : null,
    cards,
    finalRound: s.skitter !== null,
    forfeit: option.forfeit,
  };
  s.melds.push(meld);
  s.hands[seat] = [];
  events.push({ type: "declared", ...meld });
  if (option.kind === "scat") endHand(s, ctx, events);
  else if (s.skitter === null) openFinalRound(s, ctx, events);
  else endTurn(s, ctx, events);
}

/**
 * "Dark Hand!" / "Light Hand!": one token goes on that Joker. Calling ends any chance to declare
 * this turn, so a call made after discarding ends the turn.
 */
function call(s: HandState, seat: number, shade: Shade, ctx: Ctx, events: Events): void {
  s.tokens[seat] = (s.tokens[seat] ?? 0) - 1;
  s.jokers[shade] = seat;
  events.push({ type: "handCalled", seat, shade, tokens: s.tokens[seat] ?? 0 });
  if (seat !== s.turn) return;
  s.calledThisTurn = true;
  if (s.step === "declare") endTurn(s, ctx, events);
}

/** The next hand is dealt once every player still in has continued. */
function continueHand(s: HandState, seat: number, ctx: Ctx, events: Events): void {
  s.continued[seat] = true;
  events.push({ type: "playerContinued", seat });
  if (s.continued.every((c, i) => c || s.out[i])) nextHand(s, ctx, events);
}

/**
 * Turn timeout: draw from the draw pile (else the discard pile) and discard the card drawn, so
 * the hand stays as it was; then declare if allowed (a Forfeit Play is a choice, never a default).
 * Pause between hands: deal on.
 */
export function onDeadline(state: HandState, ctx: Ctx): HandStep {
  if (state.phase === "gameOver") return { state, events: [] };
  return advance(state, cloneState, (s, events: Events) => {
    if (s.phase === "roundOver") return nextHand(s, ctx, events);
    const seat = s.turn;
    events.push({ type: "turnTimedOut", seat });
    if (s.step === "draw") draw(s, canDrawDeck(s) ? "deck" : "discard", ctx, events);
    if (s.step === "discard") discard(s, s.drawnCard ?? (s.hands[seat]?.[0] as string), ctx, events);
    if (s.turn === seat && s.step === "declare") {
      const option = defaultDeclaration(declareOptions(s, seat));
      if (option === null) endTurn(s, ctx, events);
      else declare(s, option, ctx, events);
    }
  });
}

/** A Scat before a Skit; never a Forfeit Play. */
export function defaultDeclaration(options: readonly DeclareOption[]): DeclareOption | null {
  const fair = options.filter((o) => !o.forfeit);
  return fair.find((o) => o.kind === "scat") ?? fair[0] ?? null;
}
