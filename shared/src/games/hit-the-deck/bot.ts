/**
 * The bot. `bot()` is its instant choice among `legalActions` (turns, continue, and in a race a
 * slap and its call). The real-time side lives in helpers the room uses to schedule bot actions:
 * `botReactionMs` (a human-like reaction time per strength, bots/reaction.ts), `botRacePlan`
 * (when to slap, when to call, or that it forgot to call) and `botFakeOutMs` (a rare twitch at a
 * HIT THE DECK card that is not WITH A HAND).
 */
import type { Rng } from "../../rng.ts";
import { RACE_SKILL, type RaceSkill } from "../../bots/race.ts";
import { FLOOR_MS, gaussian, reactionMs, REACTION } from "../../bots/reaction.ts";
import type { BotStrength } from "../../bots/strength.ts";
import { card, type Colour } from "./cards.ts";
import { legalActions, mustCall, playableCards } from "./legal.ts";
import type { HitTheDeckAction, HitTheDeckEvent, HitTheDeckState } from "./state.ts";

/** Normal's slap reaction: log-normal, median 500 ms (bots/reaction.ts has every strength's). */
export const BOT_REACTION_MEDIAN_MS = REACTION.slap.normal.medianMs;
export const BOT_REACTION_SIGMA = REACTION.slap.normal.sigma;
/** Now and then a bot is distracted and slaps late (sometimes too late for the window). */
export const BOT_DISTRACTED_RATE = REACTION.slap.normal.distractedRate;
/** Chance a bot that caused a race forgets to call. */
export const BOT_FORGET_CALL_RATE = 0.1;
export const BOT_CALL_MEDIAN_MS = 650;
/** Chance a bot slaps at a WITH A NUMBER / WITH A COLOR card (a fake-out, draws 2). */
export const BOT_FAKE_OUT_RATE = 0.03;
/** Never faster than this, at any strength (bots/reaction.ts). */
export const BOT_MIN_REACTION_MS = FLOOR_MS;

function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * gaussian(rng));
}

/** A human-like slap reaction time in whole ms at `strength` (bots/reaction.ts, `REACTION.slap`). */
export function botReactionMs(rng: Rng, strength: BotStrength = "normal"): number {
  return reactionMs(rng, "slap", strength);
}

/** How long the bot takes to call, or null when it forgets. */
export function botCallDelayMs(rng: Rng, skill: RaceSkill = RACE_SKILL.normal): number | null {
  if (rng.next() < skill.forgetCallRate) return null;
  return Math.max(250, Math.round(logNormal(rng, BOT_CALL_MEDIAN_MS, 0.35)));
}

/** When a bot acts in the open race, in ms after `race.openedAt` (null: it does not). */
export interface BotRacePlan {
  readonly race: number;
  /** Send `withReactionMs(slapAfterMs)` at `openedAt + slapAfterMs`. */
  readonly slapAfterMs: number | null;
  /** Send `{type:"call"}` at `openedAt + callAfterMs`; null = forgot (or nothing to call). */
  readonly callAfterMs: number | null;
}

export function botRacePlan(s: HitTheDeckState, seat: number, rng: Rng, strength: BotStrength = "normal"): BotRacePlan | null {
  const r = s.race;
  if (r === null) return null;
  const skill = RACE_SKILL[strength];
  const slapped = r.slaps.some((x) => x.seat === seat);
  const slapAfterMs = slapped ? null : botReactionMs(rng, strength);
  const callAfterMs = mustCall(s) === seat ? botCallDelayMs(rng, skill) : null;
  return { race: r.id, slapAfterMs, callAfterMs };
}

/**
 * After a step: if it set a WITH A NUMBER / WITH A COLOR demand, a bot sometimes slaps anyway
 * (a fake-out). Returns the delay in ms after the step at which to send `{type:"slap"}`, or null.
 */
export function botFakeOutMs(events: readonly HitTheDeckEvent[], _seat: number, rng: Rng): number | null {
  if (!events.some((e) => e.type === "demandSet")) return null;
  return rng.next() < BOT_FAKE_OUT_RATE ? botReactionMs(rng) : null;
}

export function bot(s: HitTheDeckState, seat: number, rng: Rng): HitTheDeckAction | null {
  const legal = legalActions(s, seat);
  const has = (type: HitTheDeckAction["type"]): boolean => legal.some((a) => a.type === type);
  if (has("continue")) return { type: "continue" };
  if (s.phase === "race") {
    // Call as the card goes down, then slap; or slap first and call right after.
    if (has("call") && (!has("slap") || rng.next() < 0.5)) return { type: "call" };
    return has("slap") ? { type: "slap" } : null;
  }
  if (s.phase !== "turn" || seat !== s.turn) return null;
  const playable = playableCards(s, seat);
  if (playable.length === 0) return { type: "draw" };
  return { type: "play", card: choosePlay(s, seat, playable) };
}

/**
 * Shed points first (CUT and FLIP are 10, numbers their value), keeping the colour held most;
 * save HIT THE DECK cards for when nothing else fits, unless an opponent is about to go out:
 * then block with a demand for something the bot holds.
 */
export function choosePlay(s: HitTheDeckState, seat: number, playable: readonly string[]): string {
  const hand = s.hands[seat] ?? [];
  const danger = s.hands.some((h, i) => i !== seat && h.length <= 2);
  const demands = playable.filter((id) => card(id).kind === "hitNumber" || card(id).kind === "hitColour");
  if (danger && demands.length > 0) return best(demands, (id) => heldFor(hand, id));
  const plain = playable.filter((id) => card(id).colour !== null);
  if (plain.length > 0) return best(plain, (id) => card(id).points * 2 + colourCount(hand, card(id).colour));
  return best(playable, (id) => (card(id).kind === "hitHand" ? 0.5 : heldFor(hand, id)));
}

function colourCount(hand: readonly string[], colour: Colour | null): number {
  return hand.filter((id) => card(id).colour === colour).length;
}

/** How many cards in hand would meet the demand this card makes. */
function heldFor(hand: readonly string[], id: string): number {
  const c = card(id);
  if (c.kind === "hitColour") return colourCount(hand, c.demandColour);
  return hand.filter((h) => card(h).kind === "number" && card(h).number === c.number).length;
}

function best(ids: readonly string[], score: (id: string) => number): string {
  let top = ids[0] as string;
  for (const id of ids) if (score(id) > score(top)) top = id;
  return top;
}
