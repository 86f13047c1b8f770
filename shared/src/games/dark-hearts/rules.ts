/**
 * Setup, actions and timeouts (docs/rules/dark-hearts.md; docs/rules/common.md,
 * "Timers and default actions").
 */
import { advance, err, ok, type Ctx, type Result, type Step } from "../../engine.ts";
import { choosePass, dealRound } from "./deal.ts";
import { defaultPass, defaultPlay } from "./defaults.ts";
import { checkAction } from "./legal.ts";
import type { DarkHeartsOptions } from "./options.ts";
import { cloneState, type DarkHeartsAction, type DarkHeartsEvent, type DarkHeartsState } from "./state.ts";
import { playCard } from "./trick.ts";

type Events = DarkHeartsEvent[];
type DhStep = Step<DarkHeartsState, DarkHeartsEvent>;

/** The first dealer is chosen at random (docs/rules/common.md, "Turns, dealers, piles"). */
export function setup(options: DarkHeartsOptions, ctx: Ctx): DhStep {
  const n = options.seats;
  const s: DarkHeartsState = {
    version: 0,
    phase: "pass",
    deadline: null,
    options,
    round: 0,
    dealer: ctx.rng.int(n),
    passDirection: "left",
    hands: [],
    passes: [],
    leftover: null,
    leftoverTaken: null,
    turn: -1,
    trick: null,
    tricksPlayed: 0,
    lastTrick: null,
    broken: { light: false, dark: false },
    taken: [],
    tricksWon: [],
    handPoints: { light: [], dark: [] },
    scores: { light: new Array<number>(n).fill(0), dark: new Array<number>(n).fill(0) },
    result: null,
    continued: [],
    winners: [],
  };
  const events: Events = [];
  dealRound(s, ctx, events);
  return { state: s, events };
}

export function apply(state: DarkHeartsState, seat: number, action: DarkHeartsAction, ctx: Ctx): Result<DhStep> {
  const refusal = checkAction(state, seat, action);
  if (refusal) return err(refusal.code, refusal.message);
  return ok(
    advance(state, cloneState, (s, events: Events) => {
      switch (action.type) {
        case "passCards":
          choosePass(s, seat, action.cards, ctx, events);
          break;
        case "lead":
          playCard(s, action.card, action.shade, ctx, events);
          break;
        case "play":
          playCard(s, action.card, null, ctx, events);
          break;
        case "continue":
          continueHand(s, seat, ctx, events);
          break;
      }
    }),
  );
}

/** The next hand is dealt once every seat has continued (or at the pause deadline). */
function continueHand(s: DarkHeartsState, seat: number, ctx: Ctx, events: Events): void {
  s.continued[seat] = true;
  events.push({ type: "playerContinued", seat });
  if (s.continued.every((c) => c)) nextHand(s, ctx, events);
}

/** After each hand the deal passes to the left. */
function nextHand(s: DarkHeartsState, ctx: Ctx, events: Events): void {
  s.dealer = (s.dealer + 1) % s.options.seats;
  dealRound(s, ctx, events);
}

/**
 * Pass deadline: every seat that has not passed passes its default three cards. Turn deadline:
 * the default play. Pause deadline: deal the next hand.
 */
export function onDeadline(state: DarkHeartsState, ctx: Ctx): DhStep {
  if (state.phase === "gameOver") return { state, events: [] };
  return advance(state, cloneState, (s, events: Events) => {
    if (s.phase === "roundOver") {
      nextHand(s, ctx, events);
    } else if (s.phase === "pass") {
      const late = s.passes.flatMap((p, seat) => (p === null ? [seat] : []));
      events.push({ type: "passTimedOut", seats: late });
      for (const seat of late) choosePass(s, seat, defaultPass(s.hands[seat] ?? []), ctx, events);
    } else {
      events.push({ type: "turnTimedOut", seat: s.turn });
      const action = defaultPlay(s);
      if (action !== null && action.type !== "passCards" && action.type !== "continue") {
        playCard(s, action.card, action.type === "lead" ? action.shade : null, ctx, events);
      }
    }
  });
}
