/**
 * Players' entropy in every shuffle (docs/FAIRNESS.md, "The scheme"). The server commits to its
 * seed first; then each seat contributes a random value (a player's own device draws it, a bot's
 * comes from the server seed and is marked `bot`); the deal is played from
 * `HMAC-SHA256(key = server seed, message = every seat's value)`. The server cannot grind its seed
 * (it is fixed before any value is known) and a player cannot aim at a deal (the key is secret
 * until the end), so neither the server nor any player alone chooses the deal.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";

/** A contributed value: 16 random bytes as 32 lowercase hex digits. */
export const ENTROPY_PATTERN = /^[0-9a-f]{32}$/;

/**
 * One seat's share of the deal seed: `client` (drawn on the player's device), `bot` (the server's,
 * for a bot seat), or `missing` (a player who did not answer in time, or whose client does not
 * contribute: dealt without a value).
 */
export type SeatEntropy =
  | { readonly seat: number; readonly source: "client" | "bot"; readonly value: string }
  | { readonly seat: number; readonly source: "missing"; readonly value: null };

export const seatEntropySchema = z.union([
  z.strictObject({
    seat: z.number().int().min(0).max(63),
    source: z.enum(["client", "bot"]),
    value: z.string().regex(ENTROPY_PATTERN, "32 lowercase hex digits"),
  }),
  z.strictObject({ seat: z.number().int().min(0).max(63), source: z.literal("missing"), value: z.null() }),
]);

/** The label that makes this HMAC message unusable for anything else. */
const DEAL_SEED_LABEL = "scat-tables/deal-seed/1";

/**
 * The HMAC message: the label, then one line per seat in seat order, `<seat>:<source>:<value>`
 * (`-` for a missing value). Hex values and fixed words have no `:` or newline, so one message
 * cannot be read as two different lists.
 */
export function dealSeedMessage(entropy: readonly SeatEntropy[]): string {
  const lines = [...entropy].sort((a, b) => a.seat - b.seat).map((e) => `${e.seat}:${e.source}:${e.value ?? "-"}`);
  return [DEAL_SEED_LABEL, ...lines].join("\n");
}

/** The seed the deal is played from: lowercase hex HMAC-SHA256 keyed by the committed server seed. */
export function dealSeed(serverSeed: string, entropy: readonly SeatEntropy[]): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(dealSeedMessage(entropy))));
}

/**
 * Why a list of contributions cannot be a deal's: null when there is exactly one entry per seat
 * 0..seats-1, else a sentence.
 */
export function entropyProblem(entropy: readonly SeatEntropy[], seats: number): string | null {
  if (entropy.length !== seats) return `${entropy.length} seat values for ${seats} seats`;
  const seen = new Set(entropy.map((e) => e.seat));
  for (let s = 0; s < seats; s++) if (!seen.has(s)) return `no value entry for seat ${s}`;
  return null;
}

/** The first bot seat whose value is not the one its server seed fixes, or null. */
export function forgedBotValue(serverSeed: string, entropy: readonly SeatEntropy[]): number | null {
  return entropy.find((e) => e.source === "bot" && e.value !== botEntropy(serverSeed, e.seat))?.seat ?? null;
}

/**
 * A bot seat's value: derived from the committed server seed, so it is fixed by the commitment
 * before any player's value arrives (a server choosing bot values after seeing the players' could
 * grind the deal through them). The verifier recomputes it; it adds no entropy, only a label.
 */
export function botEntropy(serverSeed: string, seat: number): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`scat-tables/bot-value/1\n${seat}`))).slice(0, 32);
}

/** A fresh value, from the platform CSPRNG (`crypto.getRandomValues`: browsers and Node). */
export function drawEntropy(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}
