/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): a saved account registers public keys its
 * devices hold, and signs in by one of them without a password. The server keeps only public
 * keys. Every ceremony starts with a challenge made and kept here (never one the page sends
 * back): it is used once, by the delete that reads it, and lapses after CHALLENGE_MS. The relying
 * party (the site the passkey is bound to) is PUBLIC_URL's host when set, else the host the page
 * was served from, the same rule the session cookie's same-site check follows (auth.ts).
 */
import { randomUUID } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Db } from "../db/database.ts";
import type { Player } from "../db/schema.ts";
import { header, SCHEME_HEADER, type HeaderBag } from "./auth.ts";

/** How long a challenge may be answered: the browser's own prompt times out first (PROMPT_MS). */
export const CHALLENGE_MS = 5 * 60_000;
const PROMPT_MS = 2 * 60_000;
/** Passkeys one account may hold (each device or password manager adds one). */
export const MAX_PASSKEYS = 20;
export const RP_NAME = "Scat Tables";
/** A registration's JSON: with "none" attestation about 2 kB (the key, the authenticator data, the client data, each also inside another field); room for RSA keys. */
export const PASSKEY_BODY_LIMIT = "16kb";

export interface RelyingParty {
  /** The domain passkeys are bound to (no scheme, no port). */
  readonly id: string;
  /** The page origin a ceremony must come from (scheme, host and port). */
  readonly origin: string;
}

/**
 * The relying party of a request: PUBLIC_URL when configured (behind a proxy that may rewrite
 * Host, the public name is the one browsers bind passkeys to), else the scheme and host the
 * request reached this server by (SCHEME_HEADER follows TRUST_PROXY's X-Forwarded-Proto). Null
 * when the request names no usable host.
 */
export function relyingParty(publicUrl: string | null, headers: HeaderBag): RelyingParty | null {
  try {
    const url =
      publicUrl !== null
        ? new URL(publicUrl)
        : new URL(`${header(headers, SCHEME_HEADER) === "https" ? "https" : "http"}://${header(headers, "host") ?? ""}`);
    if (!url.hostname) return null;
    return { id: url.hostname.replace(/^\[|\]$/g, ""), origin: url.origin };
  } catch {
    return null;
  }
}

/** A passkey as its owner sees it in the list. */
export interface PasskeyInfo {
  readonly id: string;
  readonly label: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  /** Synced by a password manager or platform account (it survives losing the device). */
  readonly backedUp: boolean;
}

export type PasskeyError = "bad-challenge" | "not-verified" | "unknown-credential" | "too-many-passkeys" | "already-registered";

/** The challenge the browser signed, as its client data says (checked against the kept one, never trusted). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const raw = response.response?.clientDataJSON;
  if (typeof raw !== "string" || raw.length > 2048) return null;
  try {
    const c = decodeClientDataJSON(raw).challenge;
    return typeof c === "string" && c.length > 0 && c.length <= 128 ? c : null;
  } catch {
    return null;
  }
}

export class Passkeys {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private async keep(challenge: string, purpose: "register" | "sign-in", playerId: string | null): Promise<void> {
    const now = this.now();
    // Lapsed challenges go as new ones are made: the table holds minutes' worth at most.
    await this.db.deleteFrom("webauthn_challenges").where("expires_at", "<=", now).execute();
    // One registration under way per account: a new one replaces it, so a signed-in loop keeps one row, not thousands.
    if (playerId !== null) await this.db.deleteFrom("webauthn_challenges").where("player_id", "=", playerId).execute();
    await this.db
      .insertInto("webauthn_challenges")
      .values({ challenge, purpose, player_id: playerId, expires_at: now + CHALLENGE_MS })
      .execute();
  }

  /** Takes the challenge out (a second use finds nothing); true when it was ours, for this purpose and account, and not lapsed. */
  private async take(challenge: string | null, purpose: "register" | "sign-in", playerId: string | null): Promise<boolean> {
    if (challenge === null) return false;
    const row = await this.db.deleteFrom("webauthn_challenges").where("challenge", "=", challenge).returningAll().executeTakeFirst();
    return row !== undefined && row.purpose === purpose && row.player_id === playerId && row.expires_at > this.now();
  }

  async registrationOptions(rp: RelyingParty, player: Player): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.db
      .selectFrom("passkeys")
      .select(["credential_id", "transports"])
      .where("player_id", "=", player.id)
      .execute();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: player.username ?? player.display_name,
      userDisplayName: player.display_name,
      // The user handle is the account id: a discoverable passkey names its account at sign-in.
      userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(player.id)),
      timeout: PROMPT_MS,
      attestationType: "none",
      excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: splitTransports(c.transports) })),
      // A passkey is the whole sign-in, so the device must check its holder (PIN, fingerprint, face).
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    await this.keep(options.challenge, "register", player.id);
    return options;
  }

  async register(rp: RelyingParty, player: Player, response: RegistrationResponseJSON, label: string): Promise<PasskeyInfo | PasskeyError> {
    if (!(await this.take(challengeOf(response), "register", player.id))) return "bad-challenge";
    const count = await this.db
      .selectFrom("passkeys")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("player_id", "=", player.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_PASSKEYS) return "too-many-passkeys";
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challengeOf(response)!,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch {
      return "not-verified";
    }
    if (!verified.verified) return "not-verified";
    const { credential, credentialBackedUp } = verified.registrationInfo;
    const row = {
      id: randomUUID(),
      player_id: player.id,
      credential_id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(" "),
      label: label.slice(0, 60),
      backed_up: credentialBackedUp,
      created_at: this.now(),
      last_used_at: null,
    };
    const inserted = await this.db
      .insertInto("passkeys")
      .values(row)
      .onConflict((oc) => oc.column("credential_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return "already-registered";
    return info(row);
  }

  async signInOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    // No allowCredentials: the browser offers the passkeys it holds for this site (discoverable credentials), no username asked.
    const options = await generateAuthenticationOptions({ rpID: rp.id, timeout: PROMPT_MS, userVerification: "required" });
    await this.keep(options.challenge, "sign-in", null);
    return options;
  }

  /** The account a passkey's signature proves, with the passkey's counter and last use kept. */
  async signIn(rp: RelyingParty, response: AuthenticationResponseJSON): Promise<{ playerId: string } | PasskeyError> {
    const challenge = challengeOf(response);
    if (!(await this.take(challenge, "sign-in", null))) return "bad-challenge";
    if (typeof response.id !== "string" || response.id.length > 1400) return "unknown-credential";
    const row = await this.db.selectFrom("passkeys").selectAll().where("credential_id", "=", response.id).executeTakeFirst();
    if (!row) return "unknown-credential";
    // A discoverable passkey names its account (the user handle): it must be the one it was registered to.
    const handle = response.response?.userHandle;
    if (typeof handle === "string" && handle !== "" && handle !== isoBase64URL.fromUTF8String(row.player_id)) return "not-verified";
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge!,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: row.credential_id,
          publicKey: isoBase64URL.toBuffer(row.public_key),
          counter: Number(row.counter),
          transports: splitTransports(row.transports),
        },
      });
    } catch {
      return "not-verified";
    }
    if (!verified.verified) return "not-verified";
    const { newCounter, credentialBackedUp } = verified.authenticationInfo;
    await this.db
      .updateTable("passkeys")
      .set({ counter: newCounter, backed_up: credentialBackedUp, last_used_at: this.now() })
      .where("id", "=", row.id)
      .execute();
    return { playerId: row.player_id };
  }

  async list(playerId: string): Promise<PasskeyInfo[]> {
    const rows = await this.db.selectFrom("passkeys").selectAll().where("player_id", "=", playerId).orderBy("created_at", "asc").execute();
    return rows.map(info);
  }

  /** False when the account has no passkey with that id. */
  async remove(playerId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .deleteFrom("passkeys")
      .where("player_id", "=", playerId)
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    return gone !== undefined;
  }
}

function info(r: { id: string; label: string; created_at: number; last_used_at: number | null; backed_up: boolean }): PasskeyInfo {
  return {
    id: r.id,
    label: r.label,
    createdAt: Number(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    backedUp: r.backed_up,
  };
}

function splitTransports(text: string): AuthenticatorTransport[] {
  return text.split(" ").filter(Boolean) as AuthenticatorTransport[];
}
