/**
 * Checks a finished game's log (docs/FAIRNESS.md): the revealed seed and salt hash to the
 * commitment, the shared engine replays every step exactly as the server's `Match` ran it, and
 * the replay ends in the outcome the log claims. Pure: runs in Node, the browser and the CLI.
 */
import type { AnyGame, BaseState, Outcome } from "../engine.ts";
import { ENGINES } from "../games/registry.ts";
import { replaySteps } from "../recorded-match.ts";
import { commitSeed } from "./commitment.ts";
import { ENTROPY_PATTERN, entropyProblem, forgedBotValue } from "./entropy.ts";
import { GAME_LOG_FORMAT, canonicalJson, dealSeedOf, gameLogSchema, type GameLog } from "./game-log.ts";

/** Stable codes of a failed verification, in the order the checks run. */
export const VERIFY_FAILURES = [
  "malformed-log",
  "bad-options",
  "commitment-not-published",
  "commitment-mismatch",
  "bot-value-forged",
  "entropy-missing",
  "illegal-step",
  "deadline-not-due",
  "engine-error",
  "game-not-over",
  "outcome-differs",
] as const;
export type VerifyFailureCode = (typeof VERIFY_FAILURES)[number];

export interface VerifyFailure {
  readonly ok: false;
  readonly code: VerifyFailureCode;
  /** A sentence a player can read. */
  readonly reason: string;
  /** Index into `steps` of the step that failed, when one did. */
  readonly step?: number;
}

export interface Verified {
  readonly ok: true;
  readonly log: GameLog;
  /** The outcome the replay reached (equal to the log's). */
  readonly outcome: Outcome;
  /** The replay's final engine state (every hand, for a replay viewer). */
  readonly state: BaseState;
}

export type VerifyResult = Verified | VerifyFailure;

export interface VerifyOptions {
  /** The `seedCommit` this client saw in the table state at the deal; the log must carry it. */
  readonly publishedCommitment?: string;
  /**
   * The random value this player's client contributed to the deal (docs/FAIRNESS.md, "Players'
   * entropy"): the log must list it as a client value, or the verdict is `entropy-missing`.
   */
  readonly mine?: string;
  /** Engines by room name (default: every game of the shared package). */
  readonly engines?: Readonly<Record<string, AnyGame>>;
}

const fail = (code: VerifyFailureCode, reason: string, step?: number): VerifyFailure =>
  step === undefined ? { ok: false, code, reason } : { ok: false, code, reason, step };

/** Verifies a parsed JSON log (any value: it is checked for shape first). */
export function verifyLog(input: unknown, opts: VerifyOptions = {}): VerifyResult {
  const parsed = gameLogSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(
      "malformed-log",
      `not a game log: ${issue ? `${issue.path.map(String).join(".") || "(top)"}: ${issue.message}` : "unreadable"}`,
    );
  }
  const log = parsed.data as GameLog;
  const game = (opts.engines ?? ENGINES)[log.game];
  if (!game) return fail("malformed-log", `no engine for the game "${log.game}"`);
  const options = game.optionsSchema.safeParse(log.options);
  if (!options.success)
    return fail("bad-options", `the options are not valid ${game.title} options: ${options.error.issues[0]?.message ?? "?"}`);
  if (opts.publishedCommitment !== undefined && opts.publishedCommitment !== log.commitment) {
    return fail(
      "commitment-not-published",
      `the log's commitment ${log.commitment} is not the one the table showed at the deal (${opts.publishedCommitment})`,
    );
  }
  const recomputed = commitSeed(log.seed, log.salt);
  if (recomputed !== log.commitment) {
    return fail(
      "commitment-mismatch",
      `SHA-256 of seed:salt is ${recomputed}, not the commitment ${log.commitment}: the seed or salt was changed`,
    );
  }
  const seats = (options.data as { seats?: unknown }).seats;
  if (log.format === GAME_LOG_FORMAT) {
    if (log.entropy === undefined) return fail("malformed-log", "not a game log: entropy: a format 2 log lists every seat's value");
    const problem = typeof seats === "number" ? entropyProblem(log.entropy, seats) : null;
    if (problem !== null) return fail("malformed-log", `not a game log: entropy: ${problem}`);
  } else if (log.entropy !== undefined) {
    return fail("malformed-log", "not a game log: entropy: a format 1 log has no seat values");
  }
  const forged = log.entropy === undefined ? null : forgedBotValue(log.seed, log.entropy);
  if (forged !== null)
    return fail(
      "bot-value-forged",
      `the bot value of seat ${forged} is not the one the committed seed fixes: it could have been chosen after the players' values`,
    );
  if (opts.mine !== undefined) {
    const mine = opts.mine.trim().toLowerCase();
    if (!ENTROPY_PATTERN.test(mine)) return fail("entropy-missing", `your value "${opts.mine.slice(0, 40)}" is not 32 hex digits`);
    if (!log.entropy?.some((e) => e.source === "client" && e.value === mine)) {
      return fail("entropy-missing", `your value ${mine} is not among the seats' values of this deal: the server dealt without it`);
    }
  }
  const replay = replaySteps(game, options.data, dealSeedOf(log), log.startedAt, log.steps);
  if (!replay.ok) return fail(replay.code, replay.reason, replay.step);
  const outcome = game.outcome(replay.state);
  if (outcome === null)
    return fail("game-not-over", `after all ${log.steps.length} steps the game is still going on (phase ${replay.state.phase})`);
  if (canonicalJson(outcome) !== canonicalJson(log.outcome)) {
    return fail("outcome-differs", `the replay ends with ${canonicalJson(outcome)}, but the log claims ${canonicalJson(log.outcome)}`);
  }
  return { ok: true, log, outcome, state: replay.state };
}

/** One line for people: "deal verified: ..." or "NOT verified (code): reason". */
export function describeVerdict(result: VerifyResult): string {
  if (!result.ok) return `NOT verified (${result.code}): ${result.reason}`;
  const { log, outcome } = result;
  const standings = outcome.ranking.map((seat) => `seat ${seat} (${outcome.scores[seat] ?? "?"})`).join(", ");
  return `deal verified: ${log.game} ${log.matchId}, ${log.steps.length} steps, winners ${outcome.winners.map((s) => `seat ${s}`).join(" and ")}; standings: ${standings}`;
}
