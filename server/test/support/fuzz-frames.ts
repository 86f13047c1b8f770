/**
 * Hostile frames of every kind, from a seeded RNG: random bytes, truncated and over-deep msgpack,
 * huge strings, arrays and numbers, wrong types for every field of every message type, every
 * protocol code, and well-formed actions at the wrong time.
 */
import { Packr, pack } from "msgpackr";
import type { Rng } from "@scat/shared";
import { CODE, dataFrame, dataFrameRaw, deepMapBody } from "./raw-client.ts";

const TYPES = ["action", "fillBots", "time", "pong", "ping", "events", "rejected", "x", "__proto__", "constructor"];
const ACTION_TYPES = [
  "drawDeck",
  "drawDiscard",
  "discard",
  "knock",
  "continue",
  "pass",
  "play",
  "call",
  "slap",
  "guess",
  "chooseHole",
  "endTurn",
  "flip",
  "cut",
  "swap",
];

const WEIRD: unknown[] = [
  null,
  true,
  0,
  -1,
  2 ** 53,
  -(2 ** 63),
  1e308,
  -1e-308,
  Number.MAX_SAFE_INTEGER + 2,
  "",
  "A".repeat(250),
  "😀".repeat(60),
  [],
  {},
  [[[]]],
  { type: null },
  { type: 1 },
  { type: ["discard"] },
  { __proto__: { type: "discard" } },
  { constructor: { prototype: { polluted: true } } },
  { type: "discard", card: 1 },
  { type: "discard", card: ["AS"] },
  { type: "discard", card: "AS".repeat(100) },
  { type: "pass", cards: "2H" },
  { type: "pass", cards: [1, 2, 3] },
  { type: "guess", card: null },
  { type: "slap", at: "now" },
  { type: "slap", shownAt: -1, pressedAt: 1e308 },
  { t: "12" },
  { t: null },
  { t: [] },
  { s: "a", c: "b" },
  { s: 1 },
  { s: [], c: {} },
];

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng.next() * list.length)]!;
}

function randomBytes(rng: Rng, max: number): Uint8Array {
  const out = new Uint8Array(1 + Math.floor(rng.next() * max));
  for (let i = 0; i < out.length; i++) out[i] = Math.floor(rng.next() * 256);
  return out;
}

/** A value of random shape, sometimes deeper or larger than the limits allow. */
function randomValue(rng: Rng, depth = 0): unknown {
  const r = rng.next();
  if (depth > 8 || r < 0.35) return pick(rng, WEIRD);
  if (r < 0.55) return Array.from({ length: Math.floor(rng.next() * 6) }, () => randomValue(rng, depth + 1));
  if (r < 0.8)
    return { type: pick(rng, ACTION_TYPES), card: pick(rng, ["AS", "10H", "ZZ", "JOKER", 5]), cards: randomValue(rng, depth + 1) };
  if (r < 0.9) return Array.from({ length: 100 + Math.floor(rng.next() * 400) }, (_, i) => i);
  return { [pick(rng, TYPES)]: randomValue(rng, depth + 1) };
}

const sdkPackr = new Packr();

/** One hostile frame. */
export function hostileFrame(rng: Rng): Uint8Array {
  const kind = Math.floor(rng.next() * 10);
  switch (kind) {
    case 0:
      return randomBytes(rng, 64);
    case 1: {
      const whole = sdkPackr.pack(randomValue(rng));
      return dataFrameRaw(pick(rng, TYPES), whole.subarray(0, Math.floor(rng.next() * whole.length)));
    }
    case 2:
      return dataFrameRaw(pick(rng, TYPES), deepMapBody(5 + Math.floor(rng.next() * 3000)));
    case 3:
      return dataFrameRaw(pick(rng, TYPES), Uint8Array.from(pack(randomValue(rng))));
    case 4:
      return dataFrame(pick(rng, TYPES), pick(rng, WEIRD));
    case 5:
      return dataFrameRaw(
        "action",
        Uint8Array.from(sdkPackr.pack({ type: pick(rng, ACTION_TYPES), card: pick(rng, ["AS", "QH", "2C", "10D"]), cards: ["2H", "3C"] })),
      );
    case 6:
      return Uint8Array.from([Math.floor(rng.next() * 256), ...randomBytes(rng, 16)]);
    case 7:
      return Uint8Array.from([CODE.request, Math.floor(rng.next() * 300) & 0xff, 0xa4, ...Buffer.from("time"), ...pack(randomValue(rng))]);
    case 8:
      return Uint8Array.from([
        pick(rng, [CODE.join, CODE.leave === 12 ? CODE.ping : CODE.ping, CODE.bytes, CODE.state, CODE.patch, 19, 20]),
        ...randomBytes(rng, 8),
      ]);
    default:
      return dataFrameRaw(pick(rng, TYPES), new Uint8Array(Math.floor(rng.next() * 6000)).fill(0xa1));
  }
}
