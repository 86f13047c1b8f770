/**
 * Plays one whole seeded game between bots of given strengths, on a simulated clock (turn
 * deadlines apply only when nobody can move; Hit the Deck's races run on the bots' reaction
 * times, see `playRace`). Used by the benchmark and the tests.
 *
 * Duplicate deals: the engine's randomness (deals, reshuffles) comes from one stream per round
 * and phase (`dealRng`), consumed only by the engine's own draws, so two games with the same
 * seed deal the same cards to the same seats whatever the bots did in between (until the games
 * diverge in their number of rounds). Seat a strength at seat 0 in one and at seat 1 in the other
 * and each gets the other's cards: the luck of the deal cancels out.
 */
import type { Ctx } from "../engine.ts";
import { ENGINES } from "../games/registry.ts";
import { botRacePlan } from "../games/hit-the-deck/bot.ts";
import { withReactionMs, type HitTheDeckState } from "../games/hit-the-deck/state.ts";
import type { GameId } from "../protocol.ts";
import { createRng, type Rng } from "../rng.ts";
import { botMove } from "./index.ts";
import { createTableMemory } from "./memory.ts";
import type { BotStrength } from "./strength.ts";
import type { SearchBudget } from "./strong.ts";

export interface PlayedGame {
  readonly winners: readonly number[];
  /** Every seat's hand as first dealt (the duplicate deals' check). */
  readonly firstDeal: readonly (readonly string[])[];
  /** ms spent choosing moves (by the caller's clock; 0 without one), and moves chosen, per strength. */
  readonly cpu: Partial<Record<BotStrength, { ms: number; moves: number; maxMs: number }>>;
}

export interface PlayOptions {
  /** Measures the CPU per move (the benchmark passes `performance.now`); shared code reads no clock. */
  readonly clock?: () => number;
  readonly maxSteps?: number;
}

type Action = { type: string };

/** One engine stream per (round, phase) of the state the engine acts on: see the file comment. */
function dealRng(seed: string) {
  const streams = new Map<string, Rng>();
  return (state: unknown): Rng => {
    const s = state as { round?: number; hand?: number; phase?: string };
    const key = `${s.round ?? s.hand ?? 0}:${s.phase ?? ""}`;
    let rng = streams.get(key);
    if (!rng) streams.set(key, (rng = createRng(`${seed}:engine:${key}`)));
    return rng;
  };
}

export function playBotGame(
  gameId: GameId,
  strengths: readonly BotStrength[],
  seed: string,
  budget: SearchBudget,
  play: PlayOptions = {},
): PlayedGame {
  const game = ENGINES[gameId];
  const maxSteps = play.maxSteps ?? 20_000;
  const options = game.optionsSchema.parse({ seats: strengths.length, turnMs: 30_000 });
  const engineRng = dealRng(seed);
  let now = 0;
  const ctx = (state: unknown): Ctx => ({ now, rng: engineRng(state) });
  let s = game.setup(options, ctx({ phase: "setup" })).state;
  const firstDeal = structuredClone((s as { hands: string[][] }).hands);
  // The table's memory of public play, fed every state as the room's bot driver does.
  const memory = createTableMemory(gameId);
  memory?.observe(s);
  const cpu: Partial<Record<BotStrength, { ms: number; moves: number; maxMs: number }>> = {};
  const choose = (seat: number): Action | null => {
    const strength = strengths[seat]!;
    const t0 = play.clock?.() ?? 0;
    const a = botMove(gameId, s, seat, createRng(`${seed}:bot:${s.version}:${seat}`), strength, budget, memory);
    const c = (cpu[strength] ??= { ms: 0, moves: 0, maxMs: 0 });
    const ms = (play.clock?.() ?? 0) - t0;
    c.ms += ms;
    c.maxMs = Math.max(c.maxMs, ms);
    c.moves += 1;
    return a;
  };
  const apply = (seat: number, a: Action): void => {
    const r = game.apply(s, seat, a, ctx(s));
    if (!r.ok)
      throw new Error(`${gameId}: ${strengths[seat]} bot at seat ${seat} chose an illegal move ${JSON.stringify(a)}: ${r.error.message}`);
    s = r.value.state;
    memory?.observe(s);
  };
  for (let step = 0; step < maxSteps; step++) {
    const outcome = game.outcome(s);
    if (outcome) return { winners: outcome.winners, firstDeal, cpu };
    if (gameId === "hit_the_deck" && (s as HitTheDeckState).phase === "race") {
      // The race in time order: each planned slap or call at its moment, the deadlines between.
      const id = (s as HitTheDeckState).race!.id;
      const open = () => (s as HitTheDeckState).race?.id === id;
      for (const m of racePlans(s as HitTheDeckState, strengths, seed)) {
        while (open() && ((s as HitTheDeckState).deadline ?? Infinity) < m.at) {
          now = Math.max(now, (s as HitTheDeckState).deadline!);
          s = game.onDeadline(s, ctx(s)).state;
        }
        if (!open()) break;
        if (!game.legalActions(s, m.seat).some((a) => (a as Action).type === m.action.type)) continue;
        now = Math.max(now, m.at);
        apply(m.seat, m.action);
      }
      while (open()) {
        now = Math.max(now, (s as HitTheDeckState).deadline ?? now);
        s = game.onDeadline(s, ctx(s)).state;
      }
      continue;
    }
    let moved = false;
    for (const seat of game.awaiting(s) as number[]) {
      const a = choose(seat);
      if (!a) continue;
      apply(seat, a);
      moved = true;
      break;
    }
    if (!moved) {
      now = Math.max(now, (s as { deadline?: number | null }).deadline ?? now);
      s = game.onDeadline(s, ctx(s)).state;
      memory?.observe(s);
    }
  }
  throw new Error(`${gameId}: no outcome after ${maxSteps} steps (seed ${seed})`);
}

/**
 * A Hit the Deck race as at a live table (server/src/games/hit-the-deck-plugin.ts): each seat's
 * `botRacePlan` at its strength (reaction time, distraction, forgotten call) gives the moments
 * after the reveal at which it slaps (with that reaction time) and calls.
 */
function racePlans(s: HitTheDeckState, strengths: readonly BotStrength[], seed: string): { at: number; seat: number; action: Action }[] {
  const race = s.race!;
  const moves: { at: number; seat: number; action: Action }[] = [];
  strengths.forEach((strength, seat) => {
    const plan = botRacePlan(s, seat, createRng(`${seed}:race:${race.id}:${seat}`), strength);
    if (!plan) return;
    if (plan.slapAfterMs !== null)
      moves.push({ at: race.openedAt + plan.slapAfterMs, seat, action: withReactionMs(plan.slapAfterMs, "claim") });
    if (plan.callAfterMs !== null) moves.push({ at: race.openedAt + plan.callAfterMs, seat, action: { type: "call" } });
  });
  return moves.sort((a, b) => a.at - b.at || a.seat - b.seat);
}
