/**
 * The log of a finished game, as the server sends it (`gameLog`) and as players download it.
 * Everything needed to replay the game with the shared engine: the seed (and salt) revealed at
 * the end, the engine options, the start time and every step with its server time.
 */
import { z } from "zod";
import { GAME_IDS, type GameId } from "../protocol.ts";
import type { LoggedStep } from "../recorded-match.ts";
import type { Outcome } from "../engine.ts";
import { SECRET_PATTERN } from "./commitment.ts";
import { dealSeed, seatEntropySchema, type SeatEntropy } from "./entropy.ts";

/**
 * Bumped when the format or the commitment scheme changes; verifiers refuse other versions.
 * Version 2 adds the seats' values (`entropy`): the deal is played from `dealSeed(seed, entropy)`.
 * Version 1 logs (the server's seed alone) still verify.
 */
export const GAME_LOG_FORMAT = "scat-tables/game-log/2";
export const GAME_LOG_FORMAT_V1 = "scat-tables/game-log/1";

export interface GameLog {
  readonly format: typeof GAME_LOG_FORMAT | typeof GAME_LOG_FORMAT_V1;
  /** Unique id of this game (the table's room id and the start time). */
  readonly matchId: string;
  /** Which engine: a room name such as `devils_scat`. */
  readonly game: GameId;
  /** The engine options `setup` received (seats, turnMs and the variants). */
  readonly options: unknown;
  /** Server ms of the deal (`Ctx.now` of setup). */
  readonly startedAt: number;
  readonly seed: string;
  readonly salt: string;
  /** `commitSeed(seed, salt)`: what the table state showed as `seedCommit` before the deal. */
  readonly commitment: string;
  /**
   * Format 2: one entry per seat, the value it contributed after the commitment was published
   * (`client`, `bot`, or `missing` when it did not answer in time). Absent in format 1.
   */
  readonly entropy?: readonly SeatEntropy[];
  /** Every accepted step in order: a seat's action, or a deadline expiry (seat and action null). */
  readonly steps: readonly LoggedStep[];
  /** The final standings the server announced. */
  readonly outcome: Outcome;
}

const seatIndex = z.number().int().min(0).max(63);
const time = z.number().finite();

const stepSchema = z.union([
  z.strictObject({ seat: z.null(), action: z.null(), now: time }),
  z.strictObject({ seat: seatIndex, action: z.record(z.string(), z.unknown()), now: time }),
]);

/** The shape of a log (rules are checked by replaying it, not here). */
export const gameLogSchema = z.strictObject({
  format: z.enum([GAME_LOG_FORMAT, GAME_LOG_FORMAT_V1]),
  matchId: z.string().min(1).max(200),
  game: z.enum(GAME_IDS),
  options: z.record(z.string(), z.unknown()),
  startedAt: time,
  seed: z.string().regex(SECRET_PATTERN, "lowercase hex, 32 to 128 digits"),
  salt: z.string().regex(SECRET_PATTERN, "lowercase hex, 32 to 128 digits"),
  commitment: z.string().regex(/^[0-9a-f]{64}$/, "64 lowercase hex digits"),
  entropy: z.array(seatEntropySchema).max(64).optional(),
  steps: z.array(stepSchema),
  outcome: z.looseObject({ winners: z.array(seatIndex), ranking: z.array(seatIndex), scores: z.array(z.number()) }),
});

/** JSON with object keys sorted, so key order (a reformatted file) never matters in comparisons. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The seed the log's game was played from: format 2 mixes in the seats' values, format 1 is the server's seed. */
export function dealSeedOf(log: Pick<GameLog, "seed" | "entropy">): string {
  return log.entropy === undefined ? log.seed : dealSeed(log.seed, log.entropy);
}
