/**
 * The roster ticket a ranked queue gives the table it creates: the game and the accounts that
 * may sit, signed with the token secret (HMAC-SHA256). A table created without a valid ticket
 * is an ordinary table, so no client can make a ranked table or choose who sits at one.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface Roster {
  readonly game: string;
  readonly players: readonly string[];
  /** Server ms after which the ticket no longer creates a table. */
  readonly expires: number;
}

function mac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64url");
}

export function signRoster(secret: string, roster: Roster): string {
  const body = Buffer.from(JSON.stringify(roster)).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

export function verifyRoster(secret: string, ticket: unknown, game: string, now = Date.now()): Roster | null {
  if (typeof ticket !== "string" || ticket.length > 4096) return null;
  const [body, sig, extra] = ticket.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const want = Buffer.from(mac(secret, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const r = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Roster;
    return r.game === game && r.expires > now && Array.isArray(r.players) ? r : null;
  } catch {
    return null;
  }
}
