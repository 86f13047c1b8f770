/**
 * The generic property harness: plays whole seeded games among `legalActions` (mixing bot moves
 * and deadline expiries), checks the engine contract at every step, and replays the log.
 * Randomness: setup uses `rngFor(seed, -1)`, each step `rngFor(seed, state.version)`, like the room.
 */
import type { BaseOptions, BaseState, Ctx, GameEvent, Seat } from "../engine.ts";
import { createRng, rngFor, type Rng } from "../rng.ts";
import { checkLegality, checkStep, checkTerminal, seatList, type StepCheck } from "./property-checks.ts";
import { DEFAULT_PLAY, PropertyFailure, type GameLog, type LoggedStep, type PlayConfig, type PropertySpec } from "./property-spec.ts";

export interface PlayedGame<S, O, A> {
  readonly log: GameLog<O, A>;
  readonly state: S;
  readonly steps: number;
}

const ctxFor = (seed: string, version: number, now: number): Ctx => ({ now, rng: rngFor(seed, version) });

/** Plays one game from `seed`, checking every step; throws `PropertyFailure` on a violation. */
export function playGame<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: PropertySpec<S, A, O, E, V>,
  options: O,
  seed: string,
  config: PlayConfig = DEFAULT_PLAY,
): PlayedGame<S, O, A> {
  const log: GameLog<O, A> = { seed, options, steps: [] };
  const chooser = createRng(`${seed}#harness`);
  const probeRng = createRng(`${seed}#probes`);
  let now = 1_000_000;
  const first = spec.game.setup(options, ctxFor(seed, -1, now));
  const fail = (message: string, step: number): never => {
    throw new PropertyFailure(message, log as GameLog<unknown, unknown>, step);
  };
  const guard = <T>(step: number, check: () => T): T => {
    try {
      return check();
    } catch (e) {
      if (e instanceof PropertyFailure) throw e;
      return fail((e as Error).message, step);
    }
  };
  guard(0, () =>
    checkStep(spec, { before: null, after: first.state, events: first.events, viewers: seatList(options.seats) }, options.seats),
  );
  let state = first.state;
  for (let step = 0; ; step++) {
    if (spec.game.outcome(state) !== null) {
      guard(step, () => checkTerminal(spec, state, options.seats));
      return { log, state, steps: step };
    }
    if (step >= spec.maxSteps) fail(`game did not end within ${spec.maxSteps} steps`, step);
    const full = step % config.fullEvery === 0;
    const move = guard(step, () => chooseMove(spec, state, chooser, config, now, `${seed}#bot#${step}`));
    const focus = move.seat ?? spec.game.awaiting(state)[0] ?? null;
    // The legality probes' results are thrown away, so one stream per game serves them all.
    guard(step, () => checkLegality(spec, state, options.seats, { now, rng: probeRng }, { full, focus }));
    now = move.now;
    const next = perform(spec, state, move, ctxFor(seed, state.version, now));
    if (typeof next === "string") return fail(next, step);
    const viewers = full ? seatList(options.seats) : [move.seat, null];
    const check: StepCheck<S, E> = { before: state, after: next.state, events: next.events, viewers };
    guard(step, () => checkStep(spec, check, options.seats));
    log.steps.push(move);
    state = next.state;
  }
}

function chooseMove<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: PropertySpec<S, A, O, E, V>,
  state: S,
  chooser: Rng,
  config: PlayConfig,
  now: number,
  botSeed: string,
): LoggedStep<A> {
  const waiting = spec.game.awaiting(state);
  const deadline = state.deadline;
  if (deadline !== null && (waiting.length === 0 || chooser.next() < config.deadlineRate)) {
    return { seat: null, action: null, now: Math.max(now, deadline) };
  }
  if (waiting.length === 0) throw new Error("nobody is awaited and there is no deadline");
  const seat = chooser.pick(waiting);
  const later = deadline === null ? now + chooser.int(3000) : Math.max(now, Math.min(now + chooser.int(3000), deadline - 1));
  const legal = spec.game.legalActions(state, seat);
  const action =
    chooser.next() < config.botRate ? spec.game.bot(state, seat, createRng(botSeed)) : pickWeighted(chooser, legal, config.weight);
  if (action === null) throw new Error(`bot of awaited seat ${seat} returned null`);
  if (!legal.some((a) => JSON.stringify(a) === JSON.stringify(action))) throw new Error(`bot chose illegal ${JSON.stringify(action)}`);
  return { seat, action, now: later };
}

function pickWeighted<A extends { type: string }>(rng: Rng, legal: readonly A[], weight: PlayConfig["weight"]): A {
  if (weight === undefined) return rng.pick(legal);
  const weights = legal.map((a) => Math.max(0, weight(a)));
  let r = rng.next() * weights.reduce((x, y) => x + y, 0);
  for (let i = 0; i < legal.length; i++) {
    r -= weights[i] as number;
    if (r < 0) return legal[i] as A;
  }
  return rng.pick(legal);
}

function perform<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: PropertySpec<S, A, O, E, V>,
  state: S,
  move: LoggedStep<A>,
  ctx: Ctx,
): { state: S; events: readonly E[] } | string {
  if (move.seat === null || move.action === null) return spec.game.onDeadline(state, ctx);
  const r = spec.game.apply(state, move.seat, move.action, ctx);
  if (!r.ok) return `chosen action ${JSON.stringify(move.action)} of seat ${move.seat} refused: ${r.error.code}`;
  return r.value;
}

/** Replays a recorded log from its seed; the final state must equal the original game's. */
export function replay<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: PropertySpec<S, A, O, E, V>,
  log: GameLog<O, A>,
): S {
  let state = spec.game.setup(log.options, ctxFor(log.seed, -1, 1_000_000)).state;
  for (const step of log.steps) {
    const ctx = ctxFor(log.seed, state.version, step.now);
    const next = perform(spec, state, step, ctx);
    if (typeof next === "string") throw new Error(`replay: ${next}`);
    state = next.state;
  }
  return state;
}

export interface PropertyRun<O> {
  /** Base seed; game i plays seed `${seed}/${i}`. */
  readonly seed: string;
  readonly games: number;
  /** Options of game i (drawn from its own RNG). */
  optionsFor(rng: Rng, index: number): O;
  /** How game i is played (default `DEFAULT_PLAY`). */
  configFor?(rng: Rng, index: number): PlayConfig;
}

export interface PropertyReport {
  readonly games: number;
  readonly steps: number;
  readonly maxSteps: number;
}

/** Plays `games` games, each checked and replayed. */
export function runProperty<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: PropertySpec<S, A, O, E, V>,
  run: PropertyRun<O>,
): PropertyReport {
  let steps = 0;
  let longest = 0;
  for (let i = 0; i < run.games; i++) {
    const gameSeed = `${run.seed}/${i}`;
    const options = run.optionsFor(createRng(`${gameSeed}#options`), i);
    const config = run.configFor?.(createRng(`${gameSeed}#config`), i) ?? DEFAULT_PLAY;
    const played = playGame(spec, options, gameSeed, config);
    const again = replay(spec, played.log);
    if (JSON.stringify(again) !== JSON.stringify(played.state)) {
      throw new PropertyFailure("replaying the log gave a different final state", played.log as GameLog<unknown, unknown>, played.steps);
    }
    steps += played.steps;
    longest = Math.max(longest, played.steps);
  }
  return { games: run.games, steps, maxSteps: longest };
}

/** The seed for a property run: `PROP_SEED` from the environment, else a fresh one. Printed. */
export function propertySeed(name: string, env: Readonly<Record<string, string | undefined>>, fresh: () => string): string {
  const seed = env["PROP_SEED"] ?? fresh();
  console.log(`[${name}] property seed ${seed} (reproduce with PROP_SEED=${seed})`);
  return seed;
}

/**
 * How many random games a property test plays: `PROP_GAMES` when set; otherwise the long count
 * under `PROP_LONG=1` (`npm run prop:long`), else the bounded count CI runs on every change (a fresh
 * seed each run, so coverage adds up over runs).
 */
export function propertyGames(env: Readonly<Record<string, string | undefined>>, counts: { ci: number; long: number }): number {
  if (env["PROP_GAMES"] !== undefined) return Number(env["PROP_GAMES"]);
  return env["PROP_LONG"] === "1" ? counts.long : counts.ci;
}

export type { Seat };
