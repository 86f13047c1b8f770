/**
 * The client/server contract shared by the server, the Phaser client and load-test bots.
 * docs/PROTOCOL.md describes it for third-party clients; keep both in step.
 */
import { z } from "zod";
import { botStrengthSchema, DEFAULT_BOT_STRENGTH, type BotStrength } from "./bots/strength.ts";

/** Room names, one per game (the room type a client joins). */
export const GAME_IDS = ["devils_scat", "skit_scat", "dark_hand", "dark_hearts", "scatterbrain", "hit_the_deck"] as const;
export type GameId = (typeof GAME_IDS)[number];

/** Messages a client sends. */
export const CLIENT_MESSAGES = {
  /**
   * A game action: `{ type, ...fields }`, validated against the game's action schema; an optional
   * `id` (integer 0..2^32-1) comes back to the sender in the step's `events` (its acknowledgement).
   */
  action: "action",
  /** While the table waits for players: fill every empty seat with a bot and start. */
  fillBots: "fillBots",
  /** While the table waits: `{ on }` turns the countdown to filling with bots on or off. */
  autoFill: "autoFill",
  /** Request: `{ t }` (client ms) -> `{ t, now }` (server ms), for clock offset and ping. */
  time: "time",
  /**
   * `{ value }`: this seat's share of the deal seed, 32 lowercase hex digits from the device's
   * CSPRNG, sent in answer to `shuffle` (docs/FAIRNESS.md, "Players' entropy").
   */
  shuffle: "shuffle",
} as const;

/**
 * The close code of a session whose seat a newer session of the same player took (the player
 * opened the table in another tab or window, or a join their page had given up on was seated
 * after all). A client that gets it does not take the seat back by itself (two tabs would take it
 * from each other for ever): the page says where the table went.
 */
export const OPENED_ELSEWHERE_CLOSE = 4006;

/** Messages the server sends. */
export const SERVER_MESSAGES = {
  /**
   * `{ version, seat, id?, events }`: what happened in one step, redacted for the receiver;
   * `seat` made the step (null: the deal or a deadline), `id` is the sender's action id, to it only.
   */
  events: "events",
  /** `{ code, message }`: a rejected message or frame, sent only to its sender (never echoing it). */
  rejected: "rejected",
  /** `{ seat }`: which seat this client holds (null = spectator); sent after join/reconnect. */
  seated: "seated",
  /**
   * `GameLog` (fairness/game-log.ts): the finished game with its seed and salt revealed, sent to
   * every client once the game is over and to every client that joins or reconnects after that.
   */
  gameLog: "gameLog",
  /**
   * `{ on }`: the table paused while its last step is being saved (the journal store has not
   * answered; actions are refused `saving` meanwhile), or goes on again (`on: false`, its
   * deadline extended by the pause).
   */
  saving: "saving",
  /**
   * `{ commitment }`: the table committed to its seed (also in the state as `seedCommit`) and
   * waits a moment for this seat's `shuffle` value before dealing. Sent only to a seated client
   * that joined with `shuffle: true`.
   */
  shuffle: "shuffle",
  /**
   * `{ round, presses: [{seat, reactionMs, timing, arrivedMs}], byArrival, compensated, shades }`:
   * a Dark Hand call race was judged (server/src/games/dark-hand-plugin.ts; docs/FAIRNESS.md,
   * "The call race"): each caller's reaction time, fastest first, and whether that order differs
   * from the order of arrival. Sent to every connection at the table.
   */
  callRace: "callRace",
  /**
   * `{ seats: [{seat, rating, provisional}] }`: a ranked table's seats with their players'
   * displayed ratings before this game (server/src/ranked/seat-ratings.ts). Sent to everyone
   * when a player sits down and to each spectator on joining; only ranked tables send it.
   */
  rankedSeats: "rankedSeats",
} as const;

export interface Rejection {
  readonly code: string;
  readonly message: string;
}

/** Options a client passes when it creates or joins a table. */
export const joinOptionsSchema = z.object({
  /** The server normalises and checks it (server/src/names/: at most 24 characters once normalised). */
  name: z.string().max(200).default("Player"),
  /** A random id the browser keeps, so a player can take their seat back from a bot. */
  playerId: z.string().min(8).max(64).optional(),
  seats: z.number().int().min(2).max(6).optional(),
  bots: z.number().int().min(0).max(5).default(0),
  /** How well the table's bots play (shared/src/bots/): easy, normal (default) or strong. */
  botStrength: botStrengthSchema.default(DEFAULT_BOT_STRENGTH),
  turnSeconds: z.number().int().min(10).max(120).default(30),
  /** Game-specific table options (variants), e.g. `{ classic: true }`. */
  variants: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).default({}),
  /** Seconds a dropped player's seat waits before a bot takes it. */
  reconnectSeconds: z.number().int().min(5).max(600).default(60),
  /** Create a private table that only its invite code reaches. */
  private: z.boolean().default(false),
  /** Join as a spectator (sees no hand). */
  spectate: z.boolean().default(false),
  /** Seconds a waiting table counts down, from its first player, before bots fill the empty seats (0 = never; default 30, private tables 0). */
  autoFillSeconds: z.number().int().min(0).max(300).optional(),
  /** Quick-play key (see `quickPlayKey`); the room checks it matches its options. */
  mode: z.string().max(200).optional(),
  /** This client answers `shuffle` with a random value for each deal (docs/FAIRNESS.md); the deal waits for it. */
  shuffle: z.boolean().default(false),
});
export type JoinOptions = z.input<typeof joinOptionsSchema>;
export type ParsedJoinOptions = z.output<typeof joinOptionsSchema>;

/** The canonical key quick play matches tables on: same size, bots, timer and variants. */
export function quickPlayKey(o: {
  seats?: number | undefined;
  bots?: number | undefined;
  botStrength?: BotStrength | undefined;
  turnSeconds?: number | undefined;
  variants?: Record<string, unknown> | undefined;
}): string {
  const variants = Object.entries(o.variants ?? {})
    .filter(([, v]) => v !== false && v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => (v === true ? k : `${k}=${String(v)}`))
    .join(",");
  // Normal bots add nothing, so the keys of tables made before bot strengths still match.
  const strength = o.botStrength === undefined || o.botStrength === DEFAULT_BOT_STRENGTH ? "" : `k${o.botStrength}`;
  return `s${o.seats ?? 0}b${o.bots ?? 0}${strength}t${o.turnSeconds ?? 30}v${variants}`;
}

/**
 * The view every engine's `view(state, seat)` returns, whatever the game. The server projects
 * it into the synced schema; the public part goes to everyone, `you` only to that seat.
 */
export interface TableView {
  readonly phase: string;
  /** Absolute server ms when the current decision times out, or null. */
  readonly deadline: number | null;
  readonly round: number;
  readonly dealer: number;
  /** Seat whose turn it is, or -1. */
  readonly turn: number;
  /** Seats the game waits for now. */
  readonly awaiting: readonly number[];
  readonly seats: readonly SeatView[];
  /** Public piles by name (`deck`, `discard`, ...). */
  readonly piles: Readonly<Record<string, PileView>>;
  /** Game-specific public facts. */
  readonly info: Readonly<Record<string, unknown>>;
  /** The last finished round/hand, public, or null. */
  readonly result: unknown;
  /** What only this seat sees; null for spectators and in the public view. */
  readonly you: YouView | null;
}

export interface SeatView {
  readonly handCount: number;
  readonly score: number;
  /** Game-specific public per-seat facts (knocked, lives, tokens, out...). */
  readonly info: Readonly<Record<string, unknown>>;
}

export interface PileView {
  readonly count: number;
  /** The face-up cards anyone may see, bottom to top (empty for a face-down pile). */
  readonly cards: readonly string[];
}

export interface YouView {
  readonly seat: number;
  readonly hand: readonly string[];
  /** Game-specific private facts. */
  readonly info: Readonly<Record<string, unknown>>;
}
