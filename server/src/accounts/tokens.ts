/**
 * Account tokens of the old kind: HS256 JWTs (`jose`) naming the player and the account's token
 * version, which browsers kept in localStorage before sessions moved to an HttpOnly cookie
 * (sessions.ts). They are accepted only to move such a browser onto a session
 * (`POST /api/accounts/session`), only with an expiry, only within their documented lifetime of
 * 365 days from signing (whatever expiry they claim), and "sign out everywhere" refuses them.
 * The secret (TOKEN_SECRET, or one generated once and kept in DATA_DIR) also signs ranked roster
 * tickets.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SignJWT, jwtVerify } from "jose";

const ISSUER = "scat-tables";
/** What old tokens were issued with (kept for the tests that make one). */
const LIFETIME = "365d";
/** The longest an old token counts from when it was signed, whatever its `exp` says. */
export const LEGACY_MAX_AGE_SECONDS = 365 * 86_400;

export interface TokenClaims {
  readonly playerId: string;
  readonly version: number;
}

export class Tokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ v: claims.version })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.playerId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(LIFETIME)
      .sign(this.key);
  }

  /**
   * The claims of a well-signed, unexpired token signed at most LEGACY_MAX_AGE_SECONDS ago, whose
   * expiry is no later than that lifetime allows; null for anything else (a token with no `iat`,
   * or one claiming to last a century, however well signed).
   */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ["HS256"],
        requiredClaims: ["exp", "iat", "sub"],
        maxTokenAge: LEGACY_MAX_AGE_SECONDS,
      });
      if (typeof payload.sub !== "string" || typeof payload.v !== "number") return null;
      if (payload.exp! - payload.iat! > LEGACY_MAX_AGE_SECONDS + 60) return null;
      return { playerId: payload.sub, version: payload.v };
    } catch {
      return null;
    }
  }
}

/** TOKEN_SECRET, else the secret kept in `<dataDir>/token-secret` (made on first start). */
export function tokenSecret(configured: string | null, dataDir: string): string {
  if (configured !== null) return configured;
  const file = path.resolve(dataDir, "token-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
