/**
 * One-time recovery codes: the way back into a saved account whose password is lost, with no
 * e-mail on file. COUNT codes are made when the account is saved (and again on request, which
 * voids the old set), shown once and kept only as hashes. A code signs its account in once; the
 * session it starts may then set a new password without the old one, for RESET_WINDOW_MS.
 *
 * A code carries 80 random bits (16 characters of Crockford's base32), so a fast hash is enough
 * (as for session secrets): nobody can search that space, online or from a copy of the table.
 * The account id is hashed with it, so one guess never tests every account's codes at once.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/database.ts";
import type { Player } from "../db/schema.ts";

export const COUNT = 10;
/** How long after a recovery-code sign-in its session may set a password without the old one. */
export const RESET_WINDOW_MS = 15 * 60_000;
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 16;

/** A new code, as shown: four groups of four characters. */
function newCode(): string {
  const bytes = randomBytes(LENGTH);
  let text = "";
  // 256 is a multiple of 32: each byte's low five bits are uniform.
  for (const b of bytes) text += ALPHABET[b & 31];
  return text.match(/.{4}/g)!.join("-");
}

/** A code as typed (any case, spaces or dashes, O for 0, I or L for 1) in its canonical form; null when it cannot be one. */
export function normalizeCode(typed: string): string | null {
  const text = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (text.length !== LENGTH) return null;
  for (const ch of text) if (!ALPHABET.includes(ch)) return null;
  return text;
}

const hashOf = (playerId: string, code: string): string => createHash("sha256").update(`recovery\n${playerId}\n${code}`).digest("hex");

export class RecoveryCodes {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new set of codes for the account, returned once; every earlier code stops working. */
  async generate(playerId: string): Promise<string[]> {
    const codes = Array.from({ length: COUNT }, newCode);
    const now = this.now();
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom("recovery_codes").where("player_id", "=", playerId).execute();
      await tx
        .insertInto("recovery_codes")
        .values(
          codes.map((c) => ({
            code_hash: hashOf(playerId, normalizeCode(c)!),
            player_id: playerId,
            created_at: now,
            used_at: null,
            used_session: null,
          })),
        )
        .execute();
    });
    return codes;
  }

  /** How many unused codes the account has, and when the set was made (null: none ever). */
  async status(playerId: string): Promise<{ remaining: number; createdAt: number | null }> {
    const rows = await this.db.selectFrom("recovery_codes").select(["created_at", "used_at"]).where("player_id", "=", playerId).execute();
    return { remaining: rows.filter((r) => r.used_at === null).length, createdAt: rows.length ? Number(rows[0]!.created_at) : null };
  }

  /** The account a code opens and the code's key, the code used up by the same update that finds it (a second use finds nothing); null for any failure. */
  async use(username: string, typed: string): Promise<{ player: Player; code: string } | null> {
    const code = normalizeCode(typed);
    const player = await this.db
      .selectFrom("players")
      .selectAll()
      .where("username_key", "=", username.trim().toLowerCase())
      .executeTakeFirst();
    if (!code || !player) return null;
    const row = await this.db
      .updateTable("recovery_codes")
      .set({ used_at: this.now() })
      .where("code_hash", "=", hashOf(player.id, code))
      .where("player_id", "=", player.id)
      .where("used_at", "is", null)
      .returning("code_hash")
      .executeTakeFirst();
    return row ? { player, code: row.code_hash } : null;
  }

  /** Notes that the session `sessionId` was started by the code `code` (from `use`): it may set a new password for a while. */
  async grantReset(code: string, sessionId: string): Promise<void> {
    await this.db.updateTable("recovery_codes").set({ used_session: sessionId }).where("code_hash", "=", code).execute();
  }

  /** Whether the session may set a password without the old one now (started by a recovery code within RESET_WINDOW_MS, leave not spent). */
  async mayReset(playerId: string, sessionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("player_id", "=", playerId)
      .where("used_session", "=", sessionId)
      .where("used_at", ">", this.now() - RESET_WINDOW_MS)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends a session's leave to set a password without the old one (it set one). */
  async spendReset(playerId: string, sessionId: string): Promise<void> {
    await this.db
      .updateTable("recovery_codes")
      .set({ used_session: null })
      .where("player_id", "=", playerId)
      .where("used_session", "=", sessionId)
      .execute();
  }
}
