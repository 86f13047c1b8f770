/**
 * Server-side sessions (docs/API.md, "Sessions"; docs/SECURITY.md). A browser holds its session
 * in an HttpOnly, SameSite=Lax cookie that no script can read; scripts, k6 and SDK tools hold a
 * personal token (`sct_…`, sent as `Authorization: Bearer`). Both are rows of `sessions`, keyed by
 * the SHA-256 of the secret (a copy of the table opens nothing), each with an expiry: a browser
 * session slides (it lasts SESSION_DAYS after its last use), a personal token has a fixed one.
 * Either can be revoked on its own, or all of a player's at once ("sign out everywhere").
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/database.ts";
import type { Player } from "../db/schema.ts";

export type SessionKind = "browser" | "token";
/** What a session may do: `play` (tables, queues, reading the account), `account` (change it, make tokens). */
export type Scope = "play" | "account";
export const ALL_SCOPES: readonly Scope[] = ["play", "account"];

export const DAY = 86_400_000;
/** A browser session's last-use time (and expiry) is written at most this often. */
const TOUCH_EVERY_MS = 10 * 60_000;
export const TOKEN_PREFIX = "sct_";
/** The longest a personal token may live. */
export const MAX_TOKEN_DAYS = 365;

export interface SessionRow {
  readonly id: string;
  readonly player_id: string;
  readonly kind: SessionKind;
  readonly label: string;
  readonly scopes: string;
  readonly created_at: number;
  readonly last_used_at: number;
  readonly expires_at: number;
}

/** A session shown to its owner: never the secret. */
export interface SessionInfo {
  readonly id: string;
  readonly kind: SessionKind;
  readonly label: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: number;
  readonly lastUsedAt: number;
  readonly expiresAt: number;
  readonly current: boolean;
}

export interface Authenticated {
  readonly player: Player;
  readonly session: SessionRow;
  readonly scopes: readonly Scope[];
  /** A browser session whose expiry moved: the cookie is set again with the new lifetime. */
  readonly renewed: boolean;
}

export interface Issued {
  /** The secret: the cookie's value, or the personal token. Shown once, stored only as a hash. */
  readonly secret: string;
  readonly session: SessionRow;
}

const digest = (secret: string): string => createHash("sha256").update(secret).digest("hex");
/** The public id of a session (for listing and revoking): a prefix of a hash of its key, never the secret. */
const publicId = (row: SessionRow): string => createHash("sha256").update(`id:${row.id}`).digest("base64url").slice(0, 16);

export function parseScopes(text: string): Scope[] {
  return text.split(" ").filter((s): s is Scope => (ALL_SCOPES as readonly string[]).includes(s));
}

export class Sessions {
  constructor(private readonly db: Db, private readonly browserDays: number, private readonly now: () => number = Date.now) {}

  async issue(playerId: string, kind: SessionKind, label: string, scopes: readonly Scope[], days = this.browserDays): Promise<Issued> {
    const raw = randomBytes(32).toString("base64url");
    const secret = kind === "token" ? `${TOKEN_PREFIX}${raw}` : raw;
    const now = this.now();
    const session: SessionRow = {
      id: digest(secret), player_id: playerId, kind, label: label.slice(0, 60), scopes: scopes.join(" "),
      created_at: now, last_used_at: now, expires_at: now + days * DAY,
    };
    await this.db.insertInto("sessions").values(session).execute();
    return { secret, session };
  }

  /** The player and session a secret belongs to, if it is known, of the expected kind and not expired. */
  async authenticate(secret: string | null | undefined, kind: SessionKind): Promise<Authenticated | null> {
    if (!secret || secret.length > 200 || (kind === "token") !== secret.startsWith(TOKEN_PREFIX)) return null;
    const now = this.now();
    const row = await this.db.selectFrom("sessions").selectAll().where("id", "=", digest(secret)).where("kind", "=", kind).executeTakeFirst();
    if (!row || row.expires_at <= now) return null;
    const player = await this.db.selectFrom("players").selectAll().where("id", "=", row.player_id).executeTakeFirst();
    if (!player) return null;
    let session: SessionRow = row;
    let renewed = false;
    if (now - row.last_used_at >= TOUCH_EVERY_MS) {
      const expires_at = kind === "browser" ? now + this.browserDays * DAY : row.expires_at;
      await this.db.updateTable("sessions").set({ last_used_at: now, expires_at }).where("id", "=", row.id).execute();
      session = { ...row, last_used_at: now, expires_at };
      renewed = kind === "browser";
    }
    return { player, session, scopes: parseScopes(row.scopes), renewed };
  }

  async list(playerId: string, current: SessionRow | null): Promise<SessionInfo[]> {
    const rows = await this.db.selectFrom("sessions").selectAll().where("player_id", "=", playerId).where("expires_at", ">", this.now()).orderBy("last_used_at", "desc").execute();
    return rows.map((r) => ({
      id: publicId(r), kind: r.kind, label: r.label, scopes: parseScopes(r.scopes),
      createdAt: r.created_at, lastUsedAt: r.last_used_at, expiresAt: r.expires_at, current: current !== null && r.id === current.id,
    }));
  }

  /** Revokes one of the player's sessions by its public id; false when it has none with that id. */
  async revoke(playerId: string, id: string): Promise<boolean> {
    const rows = await this.db.selectFrom("sessions").selectAll().where("player_id", "=", playerId).execute();
    const row = rows.find((r) => publicId(r) === id);
    if (!row) return false;
    await this.db.deleteFrom("sessions").where("id", "=", row.id).execute();
    return true;
  }

  async end(session: SessionRow): Promise<void> {
    await this.db.deleteFrom("sessions").where("id", "=", session.id).execute();
  }

  /** Sign out everywhere: every browser session and personal token of the player. */
  async endAll(playerId: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("player_id", "=", playerId).execute();
  }

  /** Forgets expired sessions (run now and then; an expired one is refused anyway). */
  async sweep(): Promise<void> {
    await this.db.deleteFrom("sessions").where("expires_at", "<=", this.now()).execute();
  }
}
