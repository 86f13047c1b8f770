/**
 * Setup, actions and timeouts (docs/rules/scatterbrain.md; docs/rules/common.md, "Turns, dealers, piles",
 * "Timers and default actions").
 */
import { advance, err, ok, type Ctx, type Result, type Step } from "../../engine.ts";
import { checkAction } from "./check.ts";
import { chooseHole, chooseMissingHoles, dealHand, pickUp } from "./deal.ts";
import { guess, skipGuess } from "./guess.ts";
import { legalActions } from "./legal.ts";
import type { ScatterbrainOptions } from "./options.ts";
import { callScatterbrain, declineCall, discard, draw } from "./turn.ts";
import { cloneState, type ScatterbrainAction, type ScatterbrainEvent, type ScatterbrainState } from "./state.ts";

type Events = ScatterbrainEvent[];
type SbStep = Step<ScatterbrainState, ScatterbrainEvent>;

/** The first dealer is chosen at random (docs/rules/common.md, "Turns, dealers, piles"). */
export function setup(options: ScatterbrainOptions, ctx: Ctx): SbStep {
  const n = options.seats;
  const s: ScatterbrainState = {
    version: 0,
    phase: "memorise",
    deadline: null,
    options,
    hand: 0,
    dealer: ctx.rng.int(n),
    turn: -1,
    step: null,
    hands: [],
    holes: [],
    deck: [],
    discard: [],
    dealt: [],
    ledger: [],
    misses: [],
    called: [],
    out: [],
    trophies: [],
    holesWon: [],
    captured: [],
    tally: [],
    scores: new Array<number>(n).fill(0),
    drawnFrom: null,
    drawnCard: null,
    deckOut: null,
    finalGuessers: [],
    lastGuess: null,
    result: null,
    continued: new Array<boolean>(n).fill(false),
    winners: [],
  };
  const events: Events = [];
  dealHand(s, ctx, events);
  return { state: s, events };
}

export function apply(state: ScatterbrainState, seat: number, action: ScatterbrainAction, ctx: Ctx): Result<SbStep> {
  const refusal = checkAction(state, seat, action);
  if (refusal) return err(refusal.code, refusal.message);
  return ok(
    advance(state, cloneState, (s, events: Events) => {
      switch (action.type) {
        case "chooseHole":
          chooseHole(s, seat, action.card, false, ctx, events);
          break;
        case "drawDeck":
          draw(s, "deck", events);
          break;
        case "drawDiscard":
          draw(s, "discard", events);
          break;
        case "discard":
          discard(s, action.card, ctx, events);
          break;
        case "callScatterbrain":
          callScatterbrain(s, ctx, events);
          break;
        case "declineCall":
          declineCall(s, ctx, events);
          break;
        case "guess":
          guess(s, action.card, ctx, events);
          break;
        case "skipGuess":
          skipGuess(s, ctx, events);
          break;
        case "continue":
          continueHand(s, seat, ctx, events);
          break;
      }
    }),
  );
}

/** The next hand is dealt once everyone has continued (or at the pause deadline). */
function continueHand(s: ScatterbrainState, seat: number, ctx: Ctx, events: Events): void {
  s.continued[seat] = true;
  events.push({ type: "playerContinued", seat });
  if (s.continued.every((c) => c)) nextHand(s, ctx, events);
}

/** The deal passes left, except after a mercy hand: the same dealer deals again (docs/rules/scatterbrain.md, "Mercy hand"). */
function nextHand(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  if (s.result?.endedBy !== "mercy") s.dealer = (s.dealer + 1) % s.options.seats;
  dealHand(s, ctx, events);
}

/**
 * Defaults (docs/rules/scatterbrain.md, "Fine points"): memorise over -> pick up; hole card -> a random card;
 * turn -> draw from the deck and discard the drawn card, then call when possible; a caller's
 * guess -> no guess; end-of-deck guessing without a call -> a random guess (README, "Gaps
 * closed"); the result pause -> deal on.
 */
export function onDeadline(state: ScatterbrainState, ctx: Ctx): SbStep {
  if (state.phase === "gameOver") return { state, events: [] };
  return advance(state, cloneState, (s, events: Events) => {
    switch (s.phase) {
      case "memorise":
        pickUp(s, ctx, events);
        break;
      case "chooseHole":
        chooseMissingHoles(s, ctx, events);
        break;
      case "turn":
        timeOutTurn(s, ctx, events);
        break;
      case "guess":
        timeOutGuess(s, ctx, events);
        break;
      case "handOver":
        nextHand(s, ctx, events);
        break;
    }
  });
}

function timeOutTurn(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  const seat = s.turn;
  events.push({ type: "turnTimedOut", seat });
  if (s.step === "draw") draw(s, s.deck.length > 0 ? "deck" : "discard", events);
  if (s.step === "discard") discard(s, s.drawnCard as string, ctx, events);
  if (s.phase === "turn" && s.turn === seat && s.step === "call") callScatterbrain(s, ctx, events);
}

function timeOutGuess(s: ScatterbrainState, ctx: Ctx, events: Events): void {
  events.push({ type: "turnTimedOut", seat: s.turn });
  if (s.deckOut !== "noCall") return skipGuess(s, ctx, events);
  const picked = ctx.rng.pick(legalActions(s, s.turn));
  if (picked.type === "guess") guess(s, picked.card, ctx, events);
}
