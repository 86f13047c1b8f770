/**
 * The seed commitment (docs/FAIRNESS.md): lowercase hex SHA-256 of the UTF-8 text
 * `<seed>:<salt>`. Pure JS (@noble/hashes) because `crypto.subtle` is missing on plain-http
 * pages and engines must run unchanged in Node and the browser.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * Seeds and salts are lowercase hex (the server makes 16 random bytes of each). Hex has no `:`,
 * so one commitment can never be split into two different (seed, salt) pairs.
 */
export const SECRET_PATTERN = /^[0-9a-f]{32,128}$/;

export function commitSeed(seed: string, salt: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${seed}:${salt}`)));
}
