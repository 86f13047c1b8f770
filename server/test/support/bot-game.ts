/**
 * A whole game played by the engine's bots, step by step and deterministic for its seed: after
 * each step (an action, or a deadline passing when nobody acts) `onStep` runs. Used to replay
 * games through the projection and the encoder (patch-size test, legal-size benchmark, join views).
 */
import { rngFor, type AnyGame } from "@scat/shared";
import type { Match } from "../../src/table/match.ts";

/** A bot game's clock, from 1,000 ms on (50 ms a step). */
export interface BotClock {
  now: number;
}

/** One step of the bots' game (`n`: the step's number): false once nothing can happen. */
export function botStep(game: AnyGame, match: Match, seed: string, n: number, clock: BotClock): boolean {
  if (match.over) return false;
  clock.now += 50;
  const bot = game
    .awaiting(match.state)
    .map((seat: number) => ({ seat, action: game.bot(match.state, seat, rngFor(seed, n)) }))
    .find((b: { action: unknown }) => b.action);
  if (bot) {
    match.act(bot.seat, bot.action, clock.now);
    return true;
  }
  clock.now = Math.max(clock.now, match.state.deadline ?? clock.now);
  return match.expire(clock.now) !== null;
}

export function playBotGame(game: AnyGame, match: Match, seed: string, onStep: () => void, maxSteps = 3_000): number {
  const clock = { now: 1_000 };
  let steps = 0;
  for (let n = 0; n < maxSteps && !match.over; n++) {
    if (!botStep(game, match, seed, n, clock)) break;
    onStep();
    steps++;
  }
  return steps;
}
