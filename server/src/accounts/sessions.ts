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
/**
 * Live sessions an account may hold, of each kind: browsers (a new sign-in ends the least
 * recently used one past it) and personal tokens, counted apart for those asked for by name (a
 * new one is refused past it) and those a script's sign-in made (a new one ends the least
 * recently used of them). A loop or a stolen password can then not pile up sessions without end.
 */
export const MAX_LIVE: Readonly<Record<SessionKind, number>> = { browser: 20, token: 20 };
/** What the label of a token made by a script's sign-in is (such tokens give way at the cap). */
export const SIGN_IN_TOKEN_LABEL = "script sign-in";

/** Thrown by `issue` when the account holds MAX_LIVE tokens and the new one may not push one out. */
export class TooManySessions extends Error {
  constructor(readonly kind: SessionKind) {
    super(`This account has ${MAX_LIVE[kind]} personal tokens, the most it may hold: revoke one first`);
  }
}

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
  constructor(
    private readonly db: Db,
    private readonly browserDays: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A new session. Past MAX_LIVE of its kind the least recently used one gives way: any browser
   * session, or only a script's sign-in token; a personal token asked for by name is refused
   * (TooManySessions) instead of ending one its owner made on purpose.
   */
  async issue(playerId: string, kind: SessionKind, label: string, scopes: readonly Scope[], days = this.browserDays): Promise<Issued> {
    const now0 = this.now();
    // Tokens made by a script's sign-in and tokens asked for by name are counted apart: a sign-in
    // never fails for the owner's named tokens (a refusal after a right password would tell a
    // guesser it was right), and never ends one of them.
    const signInToken = kind === "token" && label === SIGN_IN_TOKEN_LABEL;
    const live = (
      await this.db
        .selectFrom("sessions")
        .select(["id", "label", "last_used_at"])
        .where("player_id", "=", playerId)
        .where("kind", "=", kind)
        .where("expires_at", ">", now0)
        .orderBy("last_used_at", "asc")
        .execute()
    ).filter((r) => kind === "browser" || (r.label === SIGN_IN_TOKEN_LABEL) === signInToken);
    if (live.length >= MAX_LIVE[kind]) {
      if (kind === "token" && !signInToken) throw new TooManySessions(kind);
      await this.db
        .deleteFrom("sessions")
        .where(
          "id",
          "in",
          live.slice(0, live.length - MAX_LIVE[kind] + 1).map((r) => r.id),
        )
        .execute();
    }
    const raw = randomBytes(32).toString("base64url");
    const secret = kind === "token" ? `${TOKEN_PREFIX}${raw}` : raw;
    const now = this.now();
    const session: SessionRow = {
      id: digest(secret),
      player_id: playerId,
      kind,
      label: label.slice(0, 60),
      scopes: scopes.join(" "),
      created_at: now,
      last_used_at: now,
      expires_at: now + days * DAY,
    };
    await this.db.insertInto("sessions").values(session).execute();
    return { secret, session };
  }

  /** Throws TooManySessions when the player holds MAX_LIVE personal tokens asked for by name (checked before a new one counts against the minting rate). */
  async roomForToken(playerId: string): Promise<void> {
    const n = await this.db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("player_id", "=", playerId)
      .where("kind", "=", "token")
      .where("label", "!=", SIGN_IN_TOKEN_LABEL)
      .where("expires_at", ">", this.now())
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= MAX_LIVE.token) throw new TooManySessions("token");
  }

  /** The player and session a secret belongs to, if it is known, of the expected kind and not expired. */
  async authenticate(secret: string | null | undefined, kind: SessionKind): Promise<Authenticated | null> {
    if (!secret || secret.length > 200 || (kind === "token") !== secret.startsWith(TOKEN_PREFIX)) return null;
    const now = this.now();
    const row = await this.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", digest(secret))
      .where("kind", "=", kind)
      .executeTakeFirst();
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
    const rows = await this.db
      .selectFrom("sessions")
      .selectAll()
      .where("player_id", "=", playerId)
      .where("expires_at", ">", this.now())
      .orderBy("last_used_at", "desc")
      .execute();
    return rows.map((r) => ({
      id: publicId(r),
      kind: r.kind,
      label: r.label,
      scopes: parseScopes(r.scopes),
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
      expiresAt: r.expires_at,
      current: current !== null && r.id === current.id,
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

  /** Every session and token of the player but `keep` (a guest's account saved with a password: only the new session stays). */
  async endAllBut(playerId: string, keep: SessionRow): Promise<void> {
    await this.db.deleteFrom("sessions").where("player_id", "=", playerId).where("id", "!=", keep.id).execute();
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
