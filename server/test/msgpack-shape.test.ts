/**
 * The frame checker against msgpackr itself: everything the SDK's packer makes from plausible
 * messages passes; truncations never pass; and whatever random bytes pass decode with msgpackr
 * without error and within the depth limit (the checker is never laxer than it claims).
 */
import fc from "fast-check";
import { Packr, pack, unpack } from "msgpackr";
import { describe, expect, it } from "vitest";
import { CHAT_CLIENT, CHAT_TEXT_SENT_MAX } from "@scat/shared/social/chat.ts";
import { REPORT_NOTE_MAX } from "@scat/shared/text-limits.ts";
import { FRAME_LIMITS } from "../src/net/frame-limits.ts";
import { inspectFrame } from "../src/net/frame-guard.ts";
import { checkMsgpack } from "../src/net/msgpack-shape.ts";

const seed = Number(process.env.PROP_SEED ?? Date.now() % 1_000_000);
console.log(`msgpack-shape property seed: PROP_SEED=${seed}`);

const leaf = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.string({ maxLength: 40 }));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    leaf,
    fc.array(tie("node"), { maxLength: 5 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), tie("node"), { maxKeys: 5 }),
  ),
})).node;

function depthOf(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depthOf));
  if (v !== null && typeof v === "object") return 1 + Math.max(0, ...Object.values(v).map(depthOf));
  return 0;
}

describe("checkMsgpack", () => {
  it("accepts what msgpackr packs, with and without records, and refuses every truncation", () => {
    const sdkPackr = new Packr();
    fc.assert(
      fc.property(value, (v) => {
        for (const bytes of [pack(v), sdkPackr.pack(v)]) {
          expect(checkMsgpack(bytes, 0, FRAME_LIMITS)).toBeNull();
          for (let cut = 0; cut < bytes.length; cut++) expect(checkMsgpack(bytes.subarray(0, cut), 0, FRAME_LIMITS)).not.toBeNull();
        }
      }),
      { seed, numRuns: 300 },
    );
  });

  it("passes only bytes msgpackr decodes without error, no deeper than the limit", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        if (checkMsgpack(bytes, 0, FRAME_LIMITS) !== null) return;
        const decoded = unpack(bytes);
        expect(depthOf(decoded)).toBeLessThanOrEqual(FRAME_LIMITS.maxDepth);
      }),
      { seed, numRuns: 20_000 },
    );
  });

  it("refuses depth, size and extension abuse with a reason", () => {
    const nest = (n: number): unknown => (n === 0 ? 1 : [nest(n - 1)]);
    expect(checkMsgpack(pack(nest(FRAME_LIMITS.maxDepth)), 0, FRAME_LIMITS)).toBeNull();
    expect(checkMsgpack(pack(nest(FRAME_LIMITS.maxDepth + 1)), 0, FRAME_LIMITS)).toBe("too-deep");
    expect(checkMsgpack(pack(Array.from({ length: FRAME_LIMITS.maxItems + 1 }, () => 0)), 0, FRAME_LIMITS)).toBe("too-many-items");
    expect(checkMsgpack(pack("x".repeat(FRAME_LIMITS.maxStringBytes + 1)), 0, FRAME_LIMITS)).toBe("string-too-long");
    expect(checkMsgpack(pack(new Date(0)), 0, FRAME_LIMITS)).toBe("unsupported-type");
    expect(checkMsgpack(Uint8Array.of(0x01, 0x02), 0, FRAME_LIMITS)).toBe("trailing-bytes");
    // msgpackr refuses a map whose key is an array or a map (found by the property above).
    expect(checkMsgpack(Uint8Array.of(0x81, 0x90, 0x01), 0, FRAME_LIMITS)).toBe("container-key");
    expect(checkMsgpack(Uint8Array.of(0x81, 0x01, 0x90), 0, FRAME_LIMITS)).toBeNull();
  });
});

describe("inspectFrame", () => {
  it("lets the SDK's own frames through and names what it refuses", () => {
    const sdk = new Packr();
    const action = Uint8Array.from([13, 0xa6, ...Buffer.from("action"), ...sdk.pack({ type: "pass", cards: ["2H", "3C", "4D"] })]);
    expect(inspectFrame(action)).toBeNull();
    expect(inspectFrame(Uint8Array.of(10))).toBeNull();
    expect(inspectFrame(Uint8Array.from([21, 0xcc, 200, 0xa4, ...Buffer.from("time"), ...sdk.pack({ t: 1.5 })]))).toBeNull();
    expect(inspectFrame(Uint8Array.of(17, 0xa1, 0x61))?.code).toBe("unknown-frame");
    expect(inspectFrame(new Uint8Array(FRAME_LIMITS.maxFrameBytes + 1).fill(13))?.code).toBe("frame-too-large");
    expect(inspectFrame(Uint8Array.of(13, 0xd9, 1, 0x61))?.code).toBe("bad-frame");
  });

  it("lets typed text through up to its limit in characters in any script (4 bytes each at most), and no further", () => {
    const sdk = new Packr();
    const frame = (type: string, body: unknown) => Uint8Array.from([13, 0xa0 + type.length, ...Buffer.from(type), ...sdk.pack(body)]);
    for (const ch of ["x", "ж", "漢", "😀"]) {
      expect(inspectFrame(frame(CHAT_CLIENT.say, { text: ch.repeat(CHAT_TEXT_SENT_MAX) }))).toBeNull();
      expect(inspectFrame(frame("report", { seat: 5, reason: "offensive-name", note: ch.repeat(REPORT_NOTE_MAX) }))).toBeNull();
    }
    expect(inspectFrame(frame(CHAT_CLIENT.say, { text: "😀".repeat(CHAT_TEXT_SENT_MAX + 1) }))?.message).toContain("string-too-long");
    expect(inspectFrame(frame("report", { seat: 5, reason: "other", note: "😀".repeat(REPORT_NOTE_MAX + 1) }))?.code).toMatch(
      /bad-frame|frame-too-large/,
    );
    // Every other message keeps the short cap: a long string in an action is refused as before.
    expect(inspectFrame(frame("action", { type: "x".repeat(FRAME_LIMITS.maxStringBytes + 1) }))?.message).toContain("string-too-long");
    expect(inspectFrame(frame("action", { type: "pass", cards: ["漢".repeat(600)] }))?.code).toMatch(/bad-frame|frame-too-large/);
  });
});
