/**
 * Walks msgpack bytes without decoding them: checks that exactly one well-formed value fills
 * the bytes, within nesting, entry and string limits. Iterative (an explicit count of pending
 * values per level), so a hostile 3,000-deep value costs a loop, not the call stack.
 *
 * The SDK packs objects with msgpackr's record extension: `d4 72 <id>` defines a record (an
 * array of key strings follows, then one value per key) and a later byte equal to a defined
 * `<id>` (0x40..0x7f) starts another record of that shape. Those are walked like maps, exactly
 * as msgpackr's decoder reads them. Every other extension type is refused: msgpackr would turn
 * it into an object of its own choosing.
 */
import type { FrameLimits } from "./frame-limits.ts";

export type ShapeError =
  "truncated" | "too-deep" | "too-many-items" | "string-too-long" | "unsupported-type" | "trailing-bytes" | "container-key";

interface Head {
  /** Bytes of the head itself plus any inline payload (numbers, strings). */
  size: number;
  /** Values this value contains (array items, or map keys + values), or -1 for a scalar. */
  children: number;
  /** Entries it opens (array items or map pairs). */
  entries: number;
  /** Payload length for strings/binaries (checked against the limit). */
  bytes: number;
}

function uint(buf: Uint8Array, at: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v = v * 256 + buf[at + i]!;
  return v;
}

const FIXED: Record<number, number> = {
  0xc0: 1,
  0xc2: 1,
  0xc3: 1,
  0xca: 5,
  0xcb: 9,
  0xcc: 2,
  0xcd: 3,
  0xce: 5,
  0xcf: 9,
  0xd0: 2,
  0xd1: 3,
  0xd2: 5,
  0xd3: 9,
};
const SIZED: Record<number, { width: number; kind: "str" | "bin" | "arr" | "map" }> = {
  0xc4: { width: 1, kind: "bin" },
  0xc5: { width: 2, kind: "bin" },
  0xc6: { width: 4, kind: "bin" },
  0xd9: { width: 1, kind: "str" },
  0xda: { width: 2, kind: "str" },
  0xdb: { width: 4, kind: "str" },
  0xdc: { width: 2, kind: "arr" },
  0xdd: { width: 4, kind: "arr" },
  0xde: { width: 2, kind: "map" },
  0xdf: { width: 4, kind: "map" },
};

const RECORD_EXT = 0x72;
const isStringByte = (b: number | undefined) => b !== undefined && ((b >= 0xa0 && b <= 0xbf) || (b >= 0xd9 && b <= 0xdb));

/** A record definition at `at` (`d4 72 <id> [keys...]`): its head, after noting the shape. */
function readRecordDefinition(buf: Uint8Array, at: number, records: Map<number, number>, limits: FrameLimits): Head | ShapeError {
  const id = buf[at + 2];
  if (id === undefined) return "truncated";
  if (id < 0x40 || id > 0x7f) return "unsupported-type";
  const keys = readHead(buf, at + 3, records);
  if (keys === "truncated") return keys;
  if (keys === null || keys.children < 0 || buf[at + 3]! < 0x90 || (buf[at + 3]! > 0x9f && buf[at + 3]! !== 0xdc))
    return "unsupported-type";
  let end = at + 3 + keys.size;
  for (let k = 0; k < keys.children; k++) {
    if (!isStringByte(buf[end])) return end >= buf.length ? "truncated" : "unsupported-type";
    const key = readHead(buf, end, records);
    if (key === "truncated" || key === null) return "truncated";
    if (key.bytes > limits.maxStringBytes) return "string-too-long";
    end += key.size;
  }
  if (end > buf.length) return "truncated";
  records.set(id, keys.children);
  return { size: end - at, children: keys.children, entries: keys.children, bytes: 0 };
}

/** Reads the head of the value at `at`; null when the type byte is not allowed. */
function readHead(buf: Uint8Array, at: number, records: Map<number, number>): Head | null | "truncated" {
  const b = buf[at]!;
  const fields = records.get(b);
  if (fields !== undefined) return { size: 1, children: fields, entries: fields, bytes: 0 };
  if (b <= 0x7f || b >= 0xe0) return { size: 1, children: -1, entries: 0, bytes: 0 };
  if (b >= 0xa0 && b <= 0xbf) return { size: 1 + (b & 0x1f), children: -1, entries: 0, bytes: b & 0x1f };
  if (b >= 0x90 && b <= 0x9f) return { size: 1, children: b & 0x0f, entries: b & 0x0f, bytes: 0 };
  if (b >= 0x80 && b <= 0x8f) return { size: 1, children: 2 * (b & 0x0f), entries: b & 0x0f, bytes: 0 };
  const fixed = FIXED[b];
  if (fixed !== undefined) return { size: fixed, children: -1, entries: 0, bytes: 0 };
  const sized = SIZED[b];
  if (!sized) return null;
  if (at + 1 + sized.width > buf.length) return "truncated";
  const n = uint(buf, at + 1, sized.width);
  if (sized.kind === "arr") return { size: 1 + sized.width, children: n, entries: n, bytes: 0 };
  if (sized.kind === "map") return { size: 1 + sized.width, children: 2 * n, entries: n, bytes: 0 };
  return { size: 1 + sized.width + n, children: -1, entries: 0, bytes: n };
}

/** Checks `buf[start..]` holds exactly one msgpack value within `limits`; null when it does. */
export function checkMsgpack(buf: Uint8Array, start: number, limits: FrameLimits): ShapeError | null {
  const pending: number[] = [1];
  /** Per level: is it a map (whose even-numbered children are keys)? */
  const maps: boolean[] = [false];
  const records = new Map<number, number>();
  let at = start;
  let items = 0;
  while (pending.length > 0) {
    if (pending[pending.length - 1] === 0) {
      pending.pop();
      maps.pop();
      continue;
    }
    if (at >= buf.length) return "truncated";
    const head =
      buf[at] === 0xd4 && buf[at + 1] === RECORD_EXT ? readRecordDefinition(buf, at, records, limits) : readHead(buf, at, records);
    if (head === null) return "unsupported-type";
    if (typeof head === "string") return head;
    if (head.bytes > limits.maxStringBytes) return "string-too-long";
    if (at + head.size > buf.length) return "truncated";
    // msgpackr turns maps into objects: a key must be a scalar (it refuses an array or map key).
    if (maps[maps.length - 1] && pending[pending.length - 1]! % 2 === 0 && head.children >= 0) return "container-key";
    const isMap = buf[at]! >= 0x80 && buf[at]! <= 0x8f ? true : buf[at] === 0xde || buf[at] === 0xdf;
    at += head.size;
    pending[pending.length - 1]! -= 1;
    if (head.children > 0) {
      items += head.entries;
      if (items > limits.maxItems) return "too-many-items";
      if (pending.length > limits.maxDepth) return "too-deep";
      pending.push(head.children);
      maps.push(isMap);
    }
  }
  return at === buf.length ? null : "trailing-bytes";
}
