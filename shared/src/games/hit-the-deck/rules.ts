/**
 * Setup, actions and timeouts (docs/rules/hit-the-deck.md; docs/rules/common.md, "Timers and default actions").
 */
import { advance, err, ok, type Ctx, type Result, type Step } from "../../engine.ts";
import { drawAndPlay, playCard } from "./effects.ts";
import { checkAction } from "./legal.ts";
import type { HitTheDeckOptions } from "./options.ts";
import { call, fakeOut, raceTimeout, slap } from "./race.ts";
import { dealRound, nextRound } from "./deal.ts";
import { cloneState, type HitTheDeckAction, type HitTheDeckEvent, type HitTheDeckState } from "./state.ts";

type Events = HitTheDeckEvent[];
type HtdStep = Step<HitTheDeckState, HitTheDeckEvent>;

/** The first dealer is chosen at random (docs/rules/common.md, "Turns, dealers, piles"). */
export function setup(options: HitTheDeckOptions, ctx: Ctx): HtdStep {
  const n = options.seats;
  const s: HitTheDeckState = {
    version: 0,
    phase: "turn",
    deadline: null,
    options,
    round: 0,
    dealer: ctx.rng.int(n),
    turn: -1,
    direction: 1,
    hands: Array.from({ length: n }, () => []),
    deck: [],
    discard: [],
    faceUp: 0,
    demand: null,
    race: null,
    lastRace: null,
    races: 0,
    scores: new Array<number>(n).fill(0),
    result: null,
    continued: new Array<boolean>(n).fill(false),
    winners: [],
    shown: [],
  };
  const events: Events = [];
  dealRound(s, ctx, events);
  return { state: s, events };
}

export function apply(state: HitTheDeckState, seat: number, action: HitTheDeckAction, ctx: Ctx): Result<HtdStep> {
  const refusal = checkAction(state, seat, action);
  if (refusal) return err(refusal.code, refusal.message);
  return ok(
    advance(state, cloneState, (s, events: Events) => {
      switch (action.type) {
        case "play":
          playCard(s, seat, action.card, false, ctx, events);
          break;
        case "draw":
          drawAndPlay(s, seat, ctx, events);
          break;
        case "slap":
          if (s.phase === "race") slap(s, seat, action, ctx, events);
          else fakeOut(s, seat, ctx, events);
          break;
        case "call":
          call(s, seat, ctx, events);
          break;
        case "continue":
          continueRound(s, seat, ctx, events);
          break;
      }
    }),
  );
}

/** The next hand is dealt once every player has continued. */
function continueRound(s: HitTheDeckState, seat: number, ctx: Ctx, events: Events): void {
  s.continued[seat] = true;
  events.push({ type: "playerContinued", seat });
  if (s.continued.every((c) => c)) nextRound(s, ctx, events);
}

/**
 * Turn timeout (docs/rules/hit-the-deck.md, "Play"): draw one card and play it if it fits, else the turn ends. Race:
 * the call window closes (the call is missed) and/or the slap window closes the race. Pause:
 * deal the next hand.
 */
export function onDeadline(state: HitTheDeckState, ctx: Ctx): HtdStep {
  if (state.phase === "gameOver") return { state, events: [] };
  return advance(state, cloneState, (s, events: Events) => {
    if (s.phase === "roundOver") nextRound(s, ctx, events);
    else if (s.phase === "race") raceTimeout(s, ctx, events);
    else {
      events.push({ type: "turnTimedOut", seat: s.turn });
      drawAndPlay(s, s.turn, ctx, events);
    }
  });
}
