/**
 * The tables as the typed query layer sees them (migrations.ts creates them). Times are server
 * milliseconds in `bigint` columns, read back as numbers (database.ts sets the int8 parser).
 */
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Json<T> = ColumnType<T, string, string>;

export interface PlayersTable {
  id: string;
  display_name: string;
  /** Null for a guest; set once the player picks a username and password. */
  username: string | null;
  username_key: string | null;
  /** names/skeleton.ts's key of display_name: no other account may show a registered player's. */
  display_key: string | null;
  /** The key of username, unique: usernames that look alike ("B00ster", "Booster") are one. */
  username_skeleton: string | null;
  password_hash: string | null;
  created_at: number;
  /** Raised by "sign out everywhere"; a token carrying an older version is refused. */
  token_version: Generated<number>;
}

export interface RatingsTable {
  player_id: string;
  game: string;
  mu: number;
  sigma: number;
  /** The number shown (see ranked/rating.ts); indexed for the leaderboard. */
  rating: number;
  games: number;
  wins: number;
  updated_at: number;
}

export interface MatchesTable {
  id: string;
  game: string;
  seed: string;
  options: Json<unknown>;
  started_at: number;
  ended_at: number;
  /** Per seat: player id, name, place (1 = first; equal places tie), score, forfeited. */
  standings: Json<unknown>;
  /** The game log in the shape the client downloads (shared/src/fairness/game-log.ts). */
  log: Json<unknown>;
}

export interface MatchPlayersTable {
  match_id: string;
  seat: number;
  player_id: string;
  place: number;
  rating_before: number;
  rating_after: number;
}

export interface RatingHistoryTable {
  player_id: string;
  game: string;
  match_id: string;
  at: number;
  rating: number;
  mu: number;
  sigma: number;
}

export interface RatingCountsTable {
  game: string;
  rating: number;
  players: number;
}

/** One row per rename in the last day (names/registry.ts limits renames by it). */
export interface NameChangesTable {
  player_id: string;
  at: number;
}

export interface Database {
  name_changes: NameChangesTable;
  rating_counts: RatingCountsTable;
  players: PlayersTable;
  ratings: RatingsTable;
  matches: MatchesTable;
  match_players: MatchPlayersTable;
  rating_history: RatingHistoryTable;
  sessions: SessionsTable;
  conduct_records: ConductRecordsTable;
  queue_bans: QueueBansTable;
  operators: OperatorsTable;
  account_marks: AccountMarksTable;
  operator_actions: OperatorActionsTable;
  rating_refunds: RatingRefundsTable;
  seen_addresses: SeenAddressesTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  account_sanctions: AccountSanctionsTable;
  friends: FriendsTable;
  friend_requests: FriendRequestsTable;
  friend_request_holds: FriendRequestHoldsTable;
  fair_play_flags: FairPlayFlagsTable;
  account_preferences: AccountPreferencesTable;
  account_traces: AccountTracesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  recovery_codes: RecoveryCodesTable;
  board_holds: BoardHoldsTable;
  established_opponents: EstablishedOpponentsTable;
}

/** An account held off the boards by an automatic flag until an operator reviews it (moderation/holds.ts). */
export interface BoardHoldsTable {
  player_id: string;
  game: string;
  reasons: ColumnType<unknown, string, string>;
  at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

/** An opponent met while established (ranked/record-match.ts): the board asks for a number of them. */
export interface EstablishedOpponentsTable {
  player_id: string;
  game: string;
  opponent_id: string;
}

/** A passkey of an account (accounts/passkeys.ts): its public key, never a secret. */
export interface PasskeysTable {
  id: string;
  player_id: string;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** Space-separated transports the browser reported ("internal hybrid"). */
  transports: string;
  label: string;
  backed_up: boolean;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge handed out and not yet used (accounts/passkeys.ts). */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: "register" | "sign-in";
  player_id: string | null;
  expires_at: number;
}

/** A one-time recovery code, as a hash (accounts/recovery-codes.ts). */
export interface RecoveryCodesTable {
  code_hash: string;
  player_id: string;
  created_at: number;
  used_at: number | null;
  used_session: string | null;
}

/** A device or address (keyed hash) an account played from (moderation/traces.ts). */
export interface AccountTracesTable {
  player_id: string;
  kind: string;
  key_hash: string;
  last_seen: number;
}

/** An account's preferences document (preferences/store.ts). */
export interface AccountPreferencesTable {
  player_id: string;
  doc: Json<unknown>;
  updated_at: number;
}

/** One side of a friendship (social/friends/store.ts): each friendship is two rows. */
export interface FriendsTable {
  player_id: string;
  friend_id: string;
  since: number;
}

/** `from_id` asked `to_id` to be friends; gone once answered or cancelled. */
export interface FriendRequestsTable {
  from_id: string;
  to_id: string;
  at: number;
}

/** A request `from_id` made that is held, never shown to anyone else (social/friends/store.ts). */
export interface FriendRequestHoldsTable {
  from_id: string;
  username_key: string;
  at: number;
}

/** `blocker_id` blocked `blocked_id` (social/blocks.ts). */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  at: number;
}

/** A player's report of another (moderation/reports.ts). */
export interface ReportsTable {
  id: string;
  at: number;
  reporter_id: string;
  reported_id: string;
  reason: string;
  note: string;
  game: string;
  table_id: string;
  game_log: Json<unknown> | null;
  /** The table's match (`<room>-<start>`) still running when the report was filed: its log is filed when it ends. */
  pending_match: string | null;
  /** "table", "match" or "account": what the server saw of the two (moderation/reports.ts); null for older rows. */
  source: string | null;
  chat: Json<unknown>;
  status: string;
  action_id: string | null;
}

/** A chat mute or an account ban in force until `until` (moderation/reports.ts). */
export interface AccountSanctionsTable {
  player_id: string;
  kind: string;
  until: number;
  action_id: string;
  at: number;
}

/** A keyed hash of an address an account joined a ranked queue from (moderation/addresses.ts). */
export interface SeenAddressesTable {
  player_id: string;
  address_hash: string;
  last_seen: number;
}

/** One outcome per account and table (conduct/record.ts). */
export interface ConductRecordsTable {
  player_id: string;
  game: string;
  table_id: string;
  ranked: boolean;
  outcome: string;
  at: number;
  /** The player's place when the game ended (1 = first; null: recorded before places were kept). */
  place: ColumnType<number | null, number | null | undefined, never>;
  /** Who sat where: `[{ seat, name, place, bot, playerId }]` (null: recorded before seats were kept). */
  seats: ColumnType<unknown, string | null | undefined, never>;
}

export interface QueueBansTable {
  player_id: string;
  at: number;
  until: number;
  level: number;
  reason: string;
}

/** Moderation (moderation/migration.ts): who may use the operator routes. */
export interface OperatorsTable {
  player_id: string;
  granted_at: number;
  granted_by: string;
}

/** An account marked as a booster or cheater: off the boards, its ratings reset. */
export interface AccountMarksTable {
  player_id: string;
  kind: string;
  action_id: string;
  at: number;
}

/** What operators did (never updated). `details` holds the action's parameters and result. */
export interface OperatorActionsTable {
  id: string;
  at: number;
  actor_id: string | null;
  actor: string;
  action: string;
  target_id: string;
  reason: string;
  details: Json<unknown>;
}

/** A victim's rating loss in one match given back (at most once per match and player). */
export interface RatingRefundsTable {
  match_id: string;
  player_id: string;
  game: string;
  action_id: string;
  points: number;
  mu: number;
  at: number;
}

/** Browser sessions and personal tokens (accounts/sessions.ts). */
export interface SessionsTable {
  /** SHA-256 (hex) of the secret. */
  id: string;
  player_id: string;
  kind: "browser" | "token";
  label: string;
  /** Space-separated scopes. */
  scopes: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
}

export type Player = Selectable<PlayersTable>;
export type NewPlayer = Insertable<PlayersTable>;
export type Rating = Selectable<RatingsTable>;

/** A fair-play flag a table raised for a seat, kept for operators (fair-play/store.ts). */
export interface FairPlayFlagsTable {
  table_id: string;
  seat: number;
  kind: string;
  player_id: string | null;
  game: string;
  evidence: Json<unknown>;
  at: number;
}
