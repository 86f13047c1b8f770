/**
 * Accounts: a guest account made silently on a first visit (a display name and a token), which
 * can take a username and password (argon2id) to be used on another device. Names and
 * credentials are checked here; HTTP lives in routes.ts.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { PublicPlayer, Session } from "@scat/shared";
import type { Db } from "../db/database.ts";
import type { Player } from "../db/schema.ts";
import type { Tokens } from "./tokens.ts";
import { passwords } from "../limits/passwords.ts";

export const displayNameSchema = z.string().trim().min(1).max(24);
export const usernameSchema = z.string().trim().regex(/^[A-Za-z0-9_.-]{3,24}$/, "3 to 24 letters, digits, _ . or -");
export const passwordSchema = z.string().min(8, "at least 8 characters").max(200);

export type AccountError = "username-taken" | "bad-credentials" | "already-registered" | "unknown-player";

export function publicPlayer(p: Player): PublicPlayer {
  return { id: p.id, name: p.display_name, username: p.username, guest: p.username === null };
}

export class Accounts {
  constructor(private readonly db: Db, private readonly tokens: Tokens, private readonly now: () => number = Date.now) {}

  async createGuest(name: string): Promise<Session> {
    const player: Player = { id: randomUUID(), display_name: displayNameSchema.parse(name), username: null, username_key: null, password_hash: null, created_at: this.now(), token_version: 0 };
    await this.db.insertInto("players").values(player).execute();
    return this.session(player);
  }

  /** Gives a guest account a username and password; the account (and its ratings) stays the same. */
  async register(playerId: string, username: string, password: string): Promise<Session | AccountError> {
    const player = await this.byId(playerId);
    if (!player) return "unknown-player";
    if (player.username !== null) return "already-registered";
    const password_hash = await passwords().hash(password);
    const key = username.toLowerCase();
    const updated = await this.db.updateTable("players")
      .set({ username, username_key: key, password_hash })
      .where("id", "=", playerId).where("username", "is", null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("players").select("id").where("username_key", "=", key))))
      .returningAll().executeTakeFirst()
      .catch((err: unknown) => { if (isUniqueViolation(err)) return undefined; throw err; });
    if (!updated) return "username-taken";
    return this.session(updated);
  }

  async signIn(username: string, password: string): Promise<Session | AccountError> {
    const player = await this.db.selectFrom("players").selectAll().where("username_key", "=", username.toLowerCase()).executeTakeFirst();
    // An unknown username is checked against a dummy hash: the same argon2 work, so the same time.
    if (!(await passwords().verify(player?.password_hash ?? null, password)) || !player) return "bad-credentials";
    return this.session(player);
  }

  /** Every token issued so far stops working (on every device). */
  async signOut(playerId: string): Promise<void> {
    await this.db.updateTable("players").set((eb) => ({ token_version: eb("token_version", "+", 1) })).where("id", "=", playerId).execute();
  }

  async rename(playerId: string, name: string): Promise<PublicPlayer | null> {
    const row = await this.db.updateTable("players").set({ display_name: displayNameSchema.parse(name) }).where("id", "=", playerId).returningAll().executeTakeFirst();
    return row ? publicPlayer(row) : null;
  }

  /** The player a token belongs to, if it is valid and not signed out. */
  async authenticate(token: string | null | undefined): Promise<Player | null> {
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const player = await this.byId(claims.playerId);
    return player && player.token_version === claims.version ? player : null;
  }

  byId(id: string): Promise<Player | undefined> {
    return this.db.selectFrom("players").selectAll().where("id", "=", id).executeTakeFirst();
  }

  private async session(player: Player): Promise<Session> {
    return { player: publicPlayer(player), token: await this.tokens.sign({ playerId: player.id, version: player.token_version }) };
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}
