/**
 * docs/PROTOCOL.md against the server itself: the messages a client may send (the table's handler
 * registry, `CLIENT_MESSAGE_TYPES`), the messages a table sends (every `send`/`broadcast` in the
 * table's sources, its type read through the constants it names) and the codes of `rejected`
 * (`REJECTION_CODES` in shared/src/protocol-codes.ts, and every code literal the server's sources
 * reject with must be in it). Each failure names exactly what is missing where.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { CHAT_SERVER } from "@scat/shared/social/chat.ts";
import { REJECTION_CODES, SERVER_MESSAGES } from "@scat/shared";
import { describe, expect, it } from "vitest";
import { CALL_RACE } from "../src/games/dark-hand-plugin.ts";
import { RATING_MESSAGE } from "../src/ranked/ranked-table.ts";
import { RANKED_SEATS_MESSAGE } from "../src/ranked/seat-ratings.ts";
import { PING } from "../src/realtime/net-monitor.ts";
import { tableMessageTypes } from "../src/compose.ts";
import { REMATCH_MESSAGES } from "../src/rematch/index.ts";
import { TABLE_SOCIAL } from "../src/social/table-report.ts";

const root = join(import.meta.dirname, "..", "..");
const doc = readFileSync(join(root, "docs", "PROTOCOL.md"), "utf8");
const src = join(root, "server", "src");

/** Sources of the other rooms and of what never talks to a table's clients. */
const NOT_TABLE = ["net/lobby-room.ts", "ranked/queue-room.ts", "realtime/slap-lab-room.ts"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") && !NOT_TABLE.includes(relative(src, path)) ? [path] : [];
  });
}

/** The backticked names in the first column of the table(s) under `heading`, up to the next heading. */
function documented(heading: string): string[] {
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/PROTOCOL.md has no "${heading}" section`);
  const rest = doc.slice(start + heading.length + 2);
  const end = rest.search(/\n#{2,3} /);
  const names = new Set<string>();
  for (const line of (end < 0 ? rest : rest.slice(0, end)).split("\n")) {
    const cell = /^\| *([^|]+?) *\|/.exec(line)?.[1];
    if (!cell || /^-+$/.test(cell)) continue;
    for (const m of cell.matchAll(/`([^`]+)`/g)) names.add(m[1]!);
  }
  return [...names];
}

/** What differs between the code's list and the doc's, named both ways ("" when they agree). */
function drift(what: string, code: Iterable<string>, docs: Iterable<string>): string {
  const inCode = new Set(code);
  const inDoc = new Set(docs);
  const undocumented = [...inCode].filter((n) => !inDoc.has(n)).sort();
  const notInCode = [...inDoc].filter((n) => !inCode.has(n)).sort();
  const lines = [];
  if (undocumented.length) lines.push(`${what} missing from docs/PROTOCOL.md: ${undocumented.join(", ")}`);
  if (notInCode.length) lines.push(`${what} in docs/PROTOCOL.md that the server does not have: ${notInCode.join(", ")}`);
  return lines.join("\n");
}

/** The constants a table's sends name their types by, as the sources spell them. */
const NAMED: Record<string, Record<string, string> | string> = {
  SERVER_MESSAGES,
  CHAT_SERVER,
  TABLE_SOCIAL,
  REMATCH_MESSAGES,
  RATING_MESSAGE,
  RANKED_SEATS_MESSAGE,
  PING,
  CALL_RACE,
};

/** The type of every message a table sends, from each `send`/`broadcast` call in its sources. */
function sentTypes(): { types: Set<string>; unknown: string[] } {
  const types = new Set<string>();
  const unknown: string[] = [];
  const call = /(?<![\w.])(?:client|c|other|p\.client|room)\.(?:send|broadcast)\(\s*([^,)]+)\s*,/g;
  for (const file of sources(src)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(call)) {
      const arg = m[1]!.trim();
      const literal = /^"([^"]+)"$/.exec(arg)?.[1];
      const [head, key] = arg.split(".");
      const named = NAMED[head!];
      const type =
        literal ?? (typeof named === "string" && key === undefined ? named : typeof named === "object" && key ? named[key] : undefined);
      if (type === undefined) unknown.push(`${relative(root, file)}: ${arg}`);
      else types.add(type);
    }
  }
  return { types, unknown };
}

/** Every code literal the server's sources reject with (`code: "x"`, the rematch's `reject("x", ...)`). */
function rejectedCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of sources(src)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\bcode: "([a-z][a-z0-9-]*)"|\breject\("([a-z][a-z0-9-]*)"/g))
      codes.set(m[1] ?? m[2]!, relative(root, file));
  }
  return codes;
}

describe("docs/PROTOCOL.md against the server", () => {
  it("lists every message a client may send, and no other", () => {
    expect(drift("client messages", tableMessageTypes(), documented("## Messages you send"))).toBe("");
  });

  it("lists every message a table sends, and no other", () => {
    const { types, unknown } = sentTypes();
    expect(unknown, "sends whose type this test cannot read: name it with a constant in NAMED").toEqual([]);
    expect(types.size).toBeGreaterThan(10);
    expect(drift("server messages", types, documented("## Messages you receive"))).toBe("");
  });

  it("lists every rejection code, and the server rejects with no code outside REJECTION_CODES", () => {
    const listed = new Set<string>(REJECTION_CODES);
    const stray = [...rejectedCodes()].filter(([code]) => !listed.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(stray, "codes the server sends that shared/src/protocol-codes.ts REJECTION_CODES does not list").toEqual([]);
    expect(drift("rejection codes", REJECTION_CODES, documented("### Rejection codes"))).toBe("");
  });
});
