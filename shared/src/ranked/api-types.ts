/**
 * The bodies of the account and ranked HTTP API and of the ranked queue's messages (docs/API.md),
 * as the server sends them and the client reads them: one declaration for both sides.
 */

/** A player as anyone may see it; `guest` while the account has no username. */
export interface PublicPlayer {
  readonly id: string;
  readonly name: string;
  readonly username: string | null;
  readonly guest: boolean;
}

/** A signed-in account: the bearer token and the player it names. */
export interface Session {
  readonly player: PublicPlayer;
  readonly token: string;
}

/** A player's rating in one game; `provisional` while few games are played. */
export interface GameRating {
  readonly game: string;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly provisional: boolean;
}

/** One row of a leaderboard (rank 1 = best). */
export interface BoardEntry {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly games: number;
  readonly provisional: boolean;
}

/** `GET /api/leaderboard/:game`: the top, and the signed-in player's rank and neighbours. */
export interface Leaderboard {
  readonly game: string;
  readonly top: readonly BoardEntry[];
  readonly me: BoardEntry | null;
  readonly around: readonly BoardEntry[];
  /** Why the signed-in player is not listed (docs/API.md, "Who is on a board"); null when listed or unrated. */
  readonly unlisted?: "provisional" | "inactive" | "marked" | "held" | "few-opponents" | null;
  /** Active players still provisional (fewer rated games than the board asks), best first: listed apart, under the board. */
  readonly provisional?: readonly BoardEntry[];
  /** Rated games a player needs to be on the board (not provisional). */
  readonly minGames?: number;
}

/** One recent casual game as the ranked progress lists it (`GET /api/me/ranked-progress`). */
export interface ProgressGame {
  readonly game: string;
  readonly at: number;
  readonly outcome: string;
  readonly counts: boolean;
  /** Why it did not count, in the player's words; null when it counts. */
  readonly why: string | null;
}

/** `GET /api/me/ranked-progress`: how far the signed-in account is from ranked play. */
export interface RankedProgress {
  readonly need: number;
  readonly finished: number;
  readonly eligible: boolean;
  /** Ranked play is for saved accounts: a guest must save first. */
  readonly guest: boolean;
  readonly recent: readonly ProgressGame[];
}

/** One casual game of the signed-in account's history (`GET /api/me/games`). */
export interface CasualGame {
  readonly tableId: string;
  readonly game: string;
  readonly at: number;
  readonly outcome: string;
  readonly place: number | null;
  readonly opponents: readonly { readonly name: string; readonly place: number | null; readonly bot: boolean }[];
  /** A stored replay's match id (casual tables keep none on the server: null). */
  readonly replay: string | null;
}

/** One of a player's recent ranked matches. */
export interface RecentMatch {
  readonly matchId: string;
  readonly game: string;
  readonly endedAt: number;
  readonly place: number;
  readonly ratingBefore: number;
  readonly ratingAfter: number;
  readonly delta: number;
  /** The match's final standings as stored: per seat player id, name, place, score, forfeited. */
  readonly players: unknown;
}

/** `GET /api/players/:id`. */
export interface Profile {
  readonly player: Pick<PublicPlayer, "id" | "name" | "guest">;
  readonly ratings: readonly GameRating[];
  readonly recent: readonly RecentMatch[];
  /** Share of recorded games played to the end (null before any), and how many are recorded. */
  readonly conduct?: { readonly completionRate: number | null; readonly games: number };
}

/** One match of `GET /api/players/:id/matches` (newest first). */
export interface MatchHistoryEntry {
  readonly matchId: string;
  readonly game: string;
  readonly endedAt: number;
  /** 1 = first; tied seats share a place. */
  readonly place: number;
  readonly ratingBefore: number;
  readonly ratingAfter: number;
  readonly delta: number;
  /** The other players, in seat order. */
  readonly opponents: readonly { readonly playerId: string; readonly name: string; readonly place: number }[];
  /** The server keeps the match's log: `GET /api/matches/:id/log` replays it. */
  readonly replay: boolean;
}

/** `GET /api/players/:id/matches?limit=&before=`: a page, and the cursor of the next (null: no more). */
export interface MatchHistoryPage {
  readonly matches: readonly MatchHistoryEntry[];
  readonly next: string | null;
}

/** One point of `GET /api/players/:id/history/:game` (oldest first). */
export interface HistoryPoint {
  readonly matchId: string;
  readonly at: number;
  readonly rating: number;
}

/** `GET /api/ranked/formats`, per game: the one table size and variants its ratings measure. */
export interface RankedFormat {
  readonly seats: number;
  readonly variants: Readonly<Record<string, boolean | number | string>>;
  readonly turnSeconds: number;
  /** Seconds a dropped player has to come back before a bot plays the seat (and the player is placed last). */
  readonly reconnectSeconds: number;
}

/** The ranked queue's `queueStatus` message: the range of ratings matched widens with the wait. */
export interface QueueStatus {
  readonly game: string;
  readonly rating: number;
  readonly range: number;
  readonly low: number;
  readonly high: number;
  readonly waitedMs: number;
  /** Players waiting in this game's queue (offers under way included). */
  readonly queued: number;
  /** The ranked format's full table. */
  readonly seats: number;
  /** Table sizes the game's rules allow in ranked play, fullest first (Scatterbrain: `[4]`). */
  readonly sizes: readonly number[];
  /** When each smaller size is accepted: after `afterMs` of the longest wait in the queue. */
  readonly waits: readonly { readonly size: number; readonly afterMs: number }[];
  /** The smallest table your own wait so far would accept. */
  readonly minSeats: number;
  /** Median wait of the players seated in the last hour (the queue's process memory), or null when none were. */
  readonly estimateMs: number | null;
  /** Why players waiting cannot be matched with you, in plain words (same network, same device...), or null. */
  readonly unmatched: string | null;
}

/** `GET /api/ranked/queues`: per game, how many wait and the estimated wait. */
export interface QueueCounts {
  readonly queues: readonly {
    readonly game: string;
    readonly queued: number;
    readonly sizes: readonly number[];
    readonly estimateMs: number | null;
  }[];
}

/** One seat's rating change in a rated game (the table's `ratingChanged` message). */
export interface RatingChange {
  readonly seat: number;
  readonly playerId: string;
  readonly place: number;
  readonly before: number;
  readonly after: number;
  readonly delta: number;
  readonly provisional: boolean;
}
