/**
 * Accounts: a guest account made silently on a first visit (a display name), which can take a
 * username and password (argon2id) to be used on another device. Names and credentials are
 * checked here; sessions live in sessions.ts, HTTP in routes.ts.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { PublicPlayer } from "@scat/shared";
import type { Db } from "../db/database.ts";
import type { Player } from "../db/schema.ts";
import type { Tokens } from "./tokens.ts";
import { displayNameColumns, NameRefused, recordRename, registeredLookalike } from "../names/registry.ts";
import { nameKey } from "../names/skeleton.ts";
import { hasListedWord } from "../names/words.ts";
import { asksForGeneratedName, generatedName, isPlaceholderName } from "../names/generate.ts";
import { passwords } from "../limits/passwords.ts";

export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,24}$/, "3 to 24 letters, digits, _ . or -");
export const passwordSchema = z.string().min(8, "at least 8 characters").max(200);

export type AccountError = "username-taken" | "bad-credentials" | "already-registered" | "unknown-player";

export function publicPlayer(p: Player): PublicPlayer {
  return { id: p.id, name: p.display_name, username: p.username, guest: p.username === null };
}

export class Accounts {
  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Throws NameRefused for a name that breaks the rules or looks like a registered player's. No
   * name (names/generate.ts, `asksForGeneratedName`) gets a generated one ("Lucky Otter").
   */
  async createGuest(name: unknown): Promise<Player> {
    const named = asksForGeneratedName(name) ? await generatedName(this.db) : await displayNameColumns(this.db, name, null);
    const player: Player = {
      id: randomUUID(),
      ...named,
      username: null,
      username_key: null,
      username_skeleton: null,
      password_hash: null,
      created_at: this.now(),
      token_version: 0,
    };
    await this.db.insertInto("players").values(player).execute();
    return player;
  }

  /** Gives a guest account a username and password; the account (and its ratings) stays the same. */
  async register(playerId: string, username: string, password: string): Promise<Player | AccountError> {
    const player = await this.byId(playerId);
    if (!player) return "unknown-player";
    if (player.username !== null) return "already-registered";
    // A username is shown ("@name" in friend lists) and so gets the display names' word filter.
    if (hasListedWord(username))
      throw new NameRefused(
        "The username contains a word this site does not allow (also when written with look-alike letters, digits or spaces): please choose another",
      );
    // Usernames are unique by their confusable key, and no username may look like another registered player's name.
    const skeleton = nameKey(username);
    if (await registeredLookalike(this.db, skeleton, playerId)) return "username-taken";
    // Registering protects the display name: it must not look like another registered player's.
    if (await registeredLookalike(this.db, player.display_key ?? nameKey(player.display_name), playerId)) {
      throw new NameRefused("Your display name looks the same as a registered player's name: change it before registering");
    }
    const password_hash = await passwords().hash(password);
    const key = username.toLowerCase();
    const updated = await this.db
      .updateTable("players")
      .set({ username, username_key: key, username_skeleton: skeleton, password_hash })
      .where("id", "=", playerId)
      .where("username", "is", null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("players").select("id").where("username_key", "=", key))))
      .returningAll()
      .executeTakeFirst()
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      });
    return updated ?? "username-taken";
  }

  async signIn(username: string, password: string): Promise<Player | AccountError> {
    const player = await this.db.selectFrom("players").selectAll().where("username_key", "=", username.toLowerCase()).executeTakeFirst();
    // An unknown username is checked against a dummy hash: the same argon2 work, so the same time.
    if (!(await passwords().verify(player?.password_hash ?? null, password)) || !player) return "bad-credentials";
    return player;
  }

  /** A new password for a saved account (the caller checked it may set one). */
  async setPassword(playerId: string, password: string): Promise<void> {
    const password_hash = await passwords().hash(password);
    await this.db.updateTable("players").set({ password_hash }).where("id", "=", playerId).where("username", "is not", null).execute();
  }

  /**
   * The player as read, with a generated name instead of the shared placeholder "Player" that
   * older pages gave guests who typed no name: replaced on the account's next visit or sign-in,
   * not counted as a rename. Two requests at once both find the row still "Player" only once.
   */
  async withOwnName(player: Player): Promise<Player> {
    if (!isPlaceholderName(player.display_name)) return player;
    const named = await generatedName(this.db);
    const row = await this.db
      .updateTable("players")
      .set(named)
      .where("id", "=", player.id)
      .where("display_name", "=", player.display_name)
      .returningAll()
      .executeTakeFirst();
    return row ?? (await this.byId(player.id)) ?? player;
  }

  /** Throws NameRefused (see createGuest); a change of name is counted (names/registry.ts). */
  async rename(playerId: string, name: unknown): Promise<PublicPlayer | null> {
    const named = await displayNameColumns(this.db, name, playerId);
    const before = await this.byId(playerId);
    if (!before || before.display_name === named.display_name) return before ? publicPlayer(before) : null;
    const row = await this.db.updateTable("players").set(named).where("id", "=", playerId).returningAll().executeTakeFirst();
    if (row) await recordRename(this.db, playerId, this.now());
    return row ? publicPlayer(row) : null;
  }

  /**
   * The player a token of the old kind names (a signed token a browser kept in localStorage before
   * sessions were cookies), if it is valid, carries an expiry and was not signed out: used once, to
   * move that browser onto a session cookie without losing its account.
   */
  async legacyPlayer(token: string | null): Promise<Player | null> {
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const player = await this.byId(claims.playerId);
    return player && player.token_version === claims.version ? player : null;
  }

  /** Sign out everywhere also refuses every token of the old kind. */
  async revokeLegacy(playerId: string): Promise<void> {
    await this.db
      .updateTable("players")
      .set((eb) => ({ token_version: eb("token_version", "+", 1) }))
      .where("id", "=", playerId)
      .execute();
  }

  byId(id: string): Promise<Player | undefined> {
    return this.db.selectFrom("players").selectAll().where("id", "=", id).executeTakeFirst();
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}
