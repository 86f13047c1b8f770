/**
 * docs/PROTOCOL.md's worked example ("Wire level") cannot drift: its hex is what the server's
 * own code makes (support/protocol-example.ts) byte for byte, it decodes with the SDK's own
 * decoder into the JSON the doc shows, and a live join's JOIN_ROOM frame has the documented
 * layout and the example's state reflection. PROTOCOL_EXAMPLE=print prints the doc's blocks.
 */
import { readFileSync } from "node:fs";
import { SchemaSerializer as SdkSerializer } from "@colyseus/sdk";
import { decode } from "@colyseus/schema";
import { quickPlayKey } from "@scat/shared";
import { plainOf } from "@scat/shared/wire-state.ts";
import { unpack } from "msgpackr";
import { describe, expect, it } from "vitest";
import { bootServer, until } from "./helpers.ts";
import { docDecoded, docFrames, exampleFrames, hexLines } from "./support/protocol-example.ts";
import { CODE, RawClient, dataFrame, matchmake } from "./support/raw-client.ts";

const DOC = new URL("../../docs/PROTOCOL.md", import.meta.url);

/** JOIN_ROOM: `[10][token length][token][serializer length]["schema"][reflection length][reflection]`. */
function parseJoin(bytes: Uint8Array): { token: string; serializer: string; reflection: Uint8Array; reflectionAt: number } {
  expect(bytes[0]).toBe(10);
  const it = { offset: 1 };
  const tokenLength = bytes[it.offset++]!;
  const token = Buffer.from(bytes.subarray(it.offset, it.offset + tokenLength)).toString();
  it.offset += tokenLength;
  const serializerLength = bytes[it.offset++]!;
  const serializer = Buffer.from(bytes.subarray(it.offset, it.offset + serializerLength)).toString();
  it.offset += serializerLength;
  const length = decode.number(bytes, it);
  const reflection = bytes.subarray(it.offset, it.offset + length);
  expect(it.offset + length, "nothing after the reflection (no handshake sections)").toBe(bytes.length);
  return { token, serializer, reflection, reflectionAt: it.offset };
}

/** ROOM_DATA / ROOM_REQUEST / ROOM_RESPONSE: the header, then one msgpack value. */
function parseMessage(bytes: Uint8Array): unknown {
  const it = { offset: 1 };
  const code = bytes[0]!;
  if (code === 21 || code === 22) {
    const requestId = decode.number(bytes, it);
    if (code === 22) return { requestId, status: bytes[it.offset++], body: unpack(bytes.subarray(it.offset)) };
    const type = decode.string(bytes, it);
    return { requestId, type, body: unpack(bytes.subarray(it.offset)) };
  }
  const type = decode.string(bytes, it);
  return { type, body: unpack(bytes.subarray(it.offset)) };
}

/** Each path whose decoded value a patch changed, with its new value. */
function changes(before: unknown, after: unknown, path = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (JSON.stringify(before) === JSON.stringify(after)) return out;
  const isObj = (v: unknown) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (isObj(before) && isObj(after)) {
    for (const k of new Set([...Object.keys(before as object), ...Object.keys(after as object)]))
      changes((before as any)[k], (after as any)[k], path ? `${path}.${k}` : k, out);
  } else if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    before.length === after.length &&
    after.some((x) => x !== null && typeof x === "object")
  ) {
    after.forEach((x, i) => changes(before[i], x, `${path}[${i}]`, out));
  } else out[path] = after ?? null;
  return out;
}

/** Decodes the doc's frames as a client would: the SDK's serializer for states, msgpack for messages. */
function decodeAll(frames: Map<string, Uint8Array>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const join = parseJoin(frames.get("join-room")!);
  out["join-room"] = { token: join.token, serializer: join.serializer, reflectionBytes: join.reflection.length };
  const sdk = new SdkSerializer();
  const bytes = frames.get("join-room")!;
  sdk.handshake(bytes.subarray(0, join.reflectionAt + join.reflection.length), { offset: join.reflectionAt });
  sdk.setState(frames.get("full-state")!, { offset: 1 });
  const before = plainOf(sdk.getState());
  out["full-state"] = before;
  sdk.patch(frames.get("patch")!, { offset: 1 });
  out["patch"] = changes(before, plainOf(sdk.getState()));
  for (const name of ["seated", "deal-events", "action", "action-events", "time-request", "time-response", "ping", "pong", "rejected"])
    out[name] = parseMessage(frames.get(name)!);
  return out;
}

/** JSON with each top-level key (and each seat, each changed path) on its own line. */
function readable(value: unknown): string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>);
  const line = ([k, v]: [string, unknown]) =>
    k === "seats" && Array.isArray(v)
      ? `  "seats": [\n${v.map((x) => `    ${JSON.stringify(x)}`).join(",\n")}\n  ]`
      : `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  return entries.length <= 2 && JSON.stringify(value).length < 100 ? JSON.stringify(value) : `{\n${entries.map(line).join(",\n")}\n}`;
}

describe("PROTOCOL.md's worked example", () => {
  const made = exampleFrames();

  it("is the server's own bytes, frame for frame", () => {
    if (process.env["PROTOCOL_EXAMPLE"] === "print") {
      const decoded = decodeAll(new Map(made.map((f) => [f.name, f.bytes])));
      for (const f of made) {
        console.log(`<!-- frame:${f.name} -->\n\`\`\`hex\n${hexLines(f.bytes)}\n\`\`\`\n`);
        console.log(`<!-- decoded:${f.name} -->\n\`\`\`json\n${readable(decoded[f.name] ?? null)}\n\`\`\`\n`);
      }
    }
    const doc = docFrames(readFileSync(DOC, "utf8"));
    for (const f of made)
      expect(
        hexLines(doc.get(f.name) ?? new Uint8Array()),
        `${f.name} (PROTOCOL_EXAMPLE=print npx vitest run test/protocol-example.test.ts prints the blocks)`,
      ).toBe(hexLines(f.bytes));
    expect([...doc.keys()].sort()).toEqual(made.map((f) => f.name).sort());
  });

  it("decodes with the SDK into the JSON the doc shows", () => {
    const markdown = readFileSync(DOC, "utf8");
    const decoded = decodeAll(docFrames(markdown));
    const shown = docDecoded(markdown);
    for (const f of made) expect(decoded[f.name], f.name).toEqual(shown.get(f.name));
    const state = decoded["full-state"] as any;
    expect(state.seats[0].handCount).toBe(state.seats[0].hand.length);
    expect((decoded["action-events"] as any).body).toMatchObject({ seat: 0, id: 1, version: 1 });
  });

  it("has a live join's layout and the same state reflection", async () => {
    const colyseus = await bootServer();
    try {
      const base = `http://127.0.0.1:${(colyseus as any).http?.port ?? (colyseus.sdk as any).settings.port}`;
      const o = { name: "Ann", seats: 2, bots: 1, turnSeconds: 30, variants: {} };
      const res = await matchmake(base, "joinOrCreate", "skit_scat", { ...o, mode: quickPlayKey(o) });
      expect(res.status).toBe(200);
      const raw = await RawClient.join(base, res.json);
      const live = parseJoin(raw.frames.find((f) => f[0] === CODE.join)!);
      const doc = parseJoin(docFrames(readFileSync(DOC, "utf8")).get("join-room")!);
      expect(live.serializer).toBe("schema");
      expect(Buffer.from(live.reflection).toString("hex")).toBe(Buffer.from(doc.reflection).toString("hex"));
      await until(() => raw.frames.some((f) => f[0] === CODE.state), "the full state (14) after the ack");
      raw.send(dataFrame("action", { type: "continue", id: 7 }));
      await until(
        () => raw.received.some((m) => m.type === "rejected" || (m.type === "events" && (m.message as any).id === 7)),
        "a refusal or the acknowledgement",
      );
      await raw.close();
    } finally {
      await colyseus.shutdown();
    }
  });
});
