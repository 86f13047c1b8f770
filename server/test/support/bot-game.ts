/**
 * A whole game played by the engine's bots, step by step and deterministic for its seed: after
 * each step (an action, or a deadline passing when nobody acts) `onStep` runs. Used to replay
 * games through the projection and the encoder (patch-size test, legal-size benchmark).
 */
import { rngFor, type AnyGame } from "@scat/shared";
import type { Match } from "../../src/room/match.ts";

export function playBotGame(game: AnyGame, match: Match, seed: string, onStep: () => void, maxSteps = 3_000): number {
  let now = 1_000;
  let steps = 0;
  for (let n = 0; n < maxSteps && !match.over; n++) {
    now += 50;
    const bot = game.awaiting(match.state).map((seat: number) => ({ seat, action: game.bot(match.state, seat, rngFor(seed, n)) })).find((b: { action: unknown }) => b.action);
    if (bot) match.act(bot.seat, bot.action, now);
    else {
      now = Math.max(now, match.state.deadline ?? now);
      if (!match.expire(now)) break;
    }
    onStep();
    steps++;
  }
  return steps;
}
