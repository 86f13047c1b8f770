/**
 * A plain, read-only copy of the synced table state (server/src/table/schema.ts and each game's
 * typed classes, docs/PROTOCOL.md "Table state"). Scenes render from this and never touch schema
 * objects; a game's facts keep the shape of the engine's view (absent fields read as null).
 */
export type Json = Record<string, unknown>;

/** One action the seat may send now (`mine.legal` expanded): the client enables exactly these. */
export interface LegalAction {
  readonly type: string;
  readonly card?: string;
  readonly [key: string]: unknown;
}

export interface MineSnap {
  readonly hand: readonly string[];
  readonly legal: readonly LegalAction[];
  readonly info: Json;
}

export interface SeatSnap {
  readonly index: number;
  readonly name: string;
  readonly occupied: boolean;
  readonly isBot: boolean;
  readonly botReason: string;
  readonly connected: boolean;
  readonly awayUntil: number;
  readonly ping: number;
  readonly handCount: number;
  readonly score: number;
  readonly info: Json;
  readonly mine: MineSnap | null;
  /** At a ranked table: the seat's rating before this game (the server's `rankedSeats`). */
  readonly rating?: SeatRating;
}

/** The displayed rating the leaderboard shows; provisional until enough rated games. */
export interface SeatRating {
  readonly rating: number;
  readonly provisional: boolean;
}

export interface PileSnap {
  readonly count: number;
  readonly cards: readonly string[];
}

export type TableStatus = "waiting" | "playing" | "ended";

export interface TableSnap {
  readonly game: string;
  readonly status: TableStatus;
  readonly phase: string;
  readonly version: number;
  readonly deadline: number;
  readonly round: number;
  readonly dealer: number;
  readonly turn: number;
  readonly awaiting: readonly number[];
  readonly seats: readonly SeatSnap[];
  readonly piles: Readonly<Record<string, PileSnap>>;
  readonly info: Json;
  readonly result: Json | null;
  readonly outcome: Json | null;
  readonly options: Json;
  readonly isPrivate: boolean;
  /** While waiting: server ms when bots fill the empty seats and the game starts; 0 = no countdown. */
  readonly autoFillAt: number;
  /** A ranked table (the server sent its seats' ratings). */
  readonly ranked?: boolean;
}

export const EMPTY_TABLE: TableSnap = {
  game: "",
  status: "waiting",
  phase: "",
  version: 0,
  deadline: 0,
  round: 0,
  dealer: -1,
  turn: -1,
  awaiting: [],
  seats: [],
  piles: {},
  info: {},
  result: null,
  outcome: null,
  options: {},
  isPrivate: false,
  autoFillAt: 0,
};

export function num(v: unknown, fallback = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

export function str(v: unknown, fallback = ""): string {
  return typeof v === "string" ? v : fallback;
}
