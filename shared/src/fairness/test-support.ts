/**
 * Test helpers for the fairness verifier: every engine with its property spec and a game-size
 * options generator, and a game log built from a harness game exactly as the server builds one.
 */
import type { AnyGame, BaseState } from "../engine.ts";
import type { GameId } from "../protocol.ts";
import { createRng, type Rng } from "../rng.ts";
import { RecordedMatch } from "../recorded-match.ts";
import { withReactionMs, type HitTheDeckState } from "../games/hit-the-deck/index.ts";
import { DEFAULT_PLAY, type PlayConfig, type PropertySpec } from "../testkit/property-spec.ts";
import { playGame } from "../testkit/property.ts";
import { racingDarkHandSpec, skitScatSpec } from "../games/dark-hand/test-support.ts";
import { propertySpec as darkHearts } from "../games/dark-hearts/test-support.ts";
import { propertySpec as devilsScat } from "../games/devils-scat/test-support.ts";
import { propertySpec as hitTheDeck } from "../games/hit-the-deck/test-support.ts";
import { propertySpec as scatterbrain } from "../games/scatterbrain/test-support.ts";
import { ENGINES } from "../games/registry.ts";
import { commitSeed } from "./commitment.ts";
import { botEntropy, dealSeed, type SeatEntropy } from "./entropy.ts";
import { GAME_LOG_FORMAT, type GameLog } from "./game-log.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySpec = PropertySpec<any, any, any, any, any>;

interface FairCase {
  /** Random play. Dark Hand's racing spec only widens who may act (calls from seats not on turn); its apply is the real engine's. */
  readonly spec: AnySpec;
  readonly options: (rng: Rng, index: number) => Record<string, unknown>;
  readonly config: PlayConfig;
}

const turn = (rng: Rng) => ({ turnMs: 10_000 + rng.int(5) * 10_000, pauseMs: rng.pick([0, 8_000]) });
const seats = (lo: number, hi: number, index: number) => lo + (index % (hi - lo + 1));
const BOTS: PlayConfig = { ...DEFAULT_PLAY, botRate: 0.7, deadlineRate: 0.1 };

/** Every hosted game, with short targets so a property run stays quick. */
export const FAIR_CASES: Record<GameId, FairCase> = {
  devils_scat: {
    spec: devilsScat,
    options: (r, i) => ({ seats: seats(2, 6, i), ...turn(r), classic: r.int(2) === 0 }),
    config: DEFAULT_PLAY,
  },
  skit_scat: { spec: skitScatSpec, options: (r, i) => ({ seats: seats(2, 6, i), ...turn(r) }), config: BOTS },
  dark_hand: {
    spec: racingDarkHandSpec,
    options: (r, i) => ({ seats: seats(2, 6, i), ...turn(r), forfeitPlay: r.int(2) === 0 }),
    config: BOTS,
  },
  dark_hearts: {
    spec: darkHearts,
    options: (r, i) => ({ seats: seats(3, 4, i), ...turn(r), target: r.pick([10, 20, 30]) }),
    config: DEFAULT_PLAY,
  },
  scatterbrain: { spec: scatterbrain, options: (r) => ({ seats: 4, ...turn(r) }), config: { ...BOTS, fullEvery: 5 } },
  hit_the_deck: {
    spec: hitTheDeck,
    options: (r, i) => ({ seats: seats(2, 6, i), ...turn(r), target: r.pick([10, 25]) }),
    config: { ...DEFAULT_PLAY, weight: (a) => (a.type === "slap" ? 0.1 : 1) },
  },
};

/** A CSPRNG-shaped secret (32 lowercase hex digits) derived from a test seed, so runs reproduce. */
export const hexSecret = (text: string): string => commitSeed(text, "0".repeat(32)).slice(0, 32);

/**
 * Every seat's value as the server would log it: seat 0 a player's, the last seat missing when
 * there are three or more (a player who did not answer), the rest bots'. Reproducible from the seed.
 */
export function testEntropy(serverSeed: string, seats: number): SeatEntropy[] {
  return Array.from({ length: seats }, (_, seat): SeatEntropy =>
    seat > 0 && seat === seats - 1 && seats >= 3
      ? { seat, source: "missing", value: null }
      : seat === 0
        ? { seat, source: "client", value: hexSecret(`${serverSeed}#value`) }
        : { seat, source: "bot", value: botEntropy(serverSeed, seat) },
  );
}

export interface FairGame {
  readonly log: GameLog;
  readonly state: BaseState;
  readonly engine: AnyGame;
}

/** Plays one random game of `game` from `seed` and writes its log as the server would. */
export function playLogged(game: GameId, seed: string, rng: Rng, index: number): FairGame {
  const c = FAIR_CASES[game];
  const engine = ENGINES[game];
  const options = engine.optionsSchema.parse(c.options(rng, index)) as Record<string, unknown>;
  const secret = hexSecret(seed);
  const salt = hexSecret(`${seed}#salt`);
  const entropy = testEntropy(secret, options["seats"] as number);
  const played = playGame(c.spec, options, dealSeed(secret, entropy), c.config);
  const outcome = engine.outcome(played.state);
  if (outcome === null) throw new Error("the harness returned an unfinished game");
  const log: GameLog = {
    format: GAME_LOG_FORMAT,
    matchId: `test-${seed}`,
    game,
    options,
    startedAt: 1_000_000,
    seed: secret,
    salt,
    commitment: commitSeed(secret, salt),
    entropy,
    steps: played.log.steps,
    outcome,
  };
  return { log: JSON.parse(JSON.stringify(log)) as GameLog, state: played.state, engine };
}

/**
 * A Hit the Deck game whose races look like the server's: every seat's slap carries an
 * adjudicated reaction time (`claim` or `estimate`) and arrives after its own network delay, so
 * arrival order and reaction order often differ; the cause calls (or, now and then, forgets).
 * Turns are bot moves. For replay tests of the race report.
 */
export function hitTheDeckRaceLog(seed: string, seats = 3, target = 100): GameLog {
  const game = ENGINES.hit_the_deck;
  const options = game.optionsSchema.parse({ seats, turnMs: 10_000, pauseMs: 3_000, target }) as Record<string, unknown>;
  const secret = hexSecret(seed);
  const salt = hexSecret(`${seed}#salt`);
  const rng = createRng(`${seed}#play`);
  const startedAt = 1_700_000_000_000;
  const entropy = testEntropy(secret, seats);
  const match = new RecordedMatch(game, options, startedAt, dealSeed(secret, entropy));
  let now = startedAt;
  for (let guard = 0; !match.over && guard < 50_000; guard++) {
    const s = match.state as HitTheDeckState;
    if (s.race !== null) {
      const race = s.race;
      const plan: Array<{ at: number; seat: number; action: unknown }> = [];
      for (let seat = 0; seat < seats; seat++) {
        if (race.slaps.some((x) => x.seat === seat)) continue;
        const reaction = 170 + rng.int(380);
        plan.push({
          at: race.openedAt + reaction + rng.int(260),
          seat,
          action: withReactionMs(reaction, rng.int(4) === 0 ? "estimate" : "claim"),
        });
      }
      if (race.call === "pending" && rng.int(8) > 0)
        plan.push({ at: race.openedAt + 250 + rng.int(600), seat: race.cause, action: { type: "call" } });
      plan.sort((a, b) => a.at - b.at);
      for (const p of plan)
        if (match.state === s || (match.state as HitTheDeckState).race?.id === race.id) match.act(p.seat, p.action, p.at);
      now = Math.max(now, ...plan.map((p) => p.at));
      if ((match.state as HitTheDeckState).race?.id === race.id) {
        now = Math.max(now, match.state.deadline!);
        match.expire(now);
      }
      continue;
    }
    const seat = match.awaiting().find((x) => game.bot(match.state, x, rng) !== null);
    if (seat === undefined) {
      now = Math.max(now, match.state.deadline ?? now);
      match.expire(now);
      continue;
    }
    now += 300 + rng.int(1200);
    const deadline = match.state.deadline;
    if (deadline !== null && now >= deadline) {
      now = deadline;
      match.expire(now);
      continue;
    }
    const res = match.act(seat, game.bot(match.state, seat, rng), now);
    if (!res.ok) throw new Error(`bot move refused: ${res.error.message}`);
  }
  const outcome = game.outcome(match.state);
  if (outcome === null) throw new Error("the race game did not end");
  const log: GameLog = {
    format: GAME_LOG_FORMAT,
    matchId: `race-${seed}`,
    game: "hit_the_deck",
    options,
    startedAt,
    seed: secret,
    salt,
    commitment: commitSeed(secret, salt),
    entropy,
    steps: match.log,
    outcome,
  };
  return JSON.parse(JSON.stringify(log)) as GameLog;
}
