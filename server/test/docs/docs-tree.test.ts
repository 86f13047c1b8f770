/**
 * The docs lead with the present and point at files that exist: docs/ARCHITECTURE.md's tree names
 * every folder of server/src and every top-level folder of client/src and shared/src (and no folder
 * that is gone), docs/BENCHMARKS.md stays one page of today's figures, and every markdown link from
 * README.md and docs/ to a local file resolves.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");

/** The folders under `dir` (relative to it): every level when `deep`, else the top one. */
function folders(dir: string, deep: boolean): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => [d.name, ...(deep ? folders(`${dir}/${d.name}`, true).map((f) => `${d.name}/${f}`) : [])])
    .sort();
}

/**
 * The folders the tree (the first fenced block of docs/ARCHITECTURE.md) lists under `top`: the
 * indented lines after the line that starts with `top`, of the form `name/ ...`, up to the next
 * line that is not indented; a line indented deeper than the one before it is that one's
 * subfolder (`social/chat`).
 */
export function treeEntries(doc: string, top: string): string[] | undefined {
  const block = /```[^\n]*\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) return undefined;
  const lines = block.split("\n");
  const start = lines.findIndex((l) => l.startsWith(top));
  if (start < 0) return undefined;
  const names: string[] = [];
  const parents: Array<{ indent: number; path: string }> = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s/.test(line)) break;
    const m = /^(\s+)([\w.-]+)\/(\s|$)/.exec(line);
    if (!m) continue;
    const indent = m[1]!.length;
    while (parents.length > 0 && parents.at(-1)!.indent >= indent) parents.pop();
    const path = [...parents.map((p) => p.path).slice(-1), m[2]!].join("/");
    parents.push({ indent, path });
    names.push(path);
  }
  return names.sort();
}

function markdownFiles(): string[] {
  const out = ["README.md"];
  const walk = (dir: string): void => {
    for (const d of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${d.name}`;
      if (d.isDirectory()) walk(rel);
      else if (d.name.endsWith(".md")) out.push(rel);
    }
  };
  walk("docs");
  return out;
}

/**
 * Links to local files that do not resolve: `[text](target)` (not web addresses, not anchors in
 * the same page), and paths from the repository's root written in code style.
 */
export function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1]!.split("#")[0]!;
    if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const path = resolve(root, dirname(file), decodeURIComponent(target));
    if (!path.startsWith(root + "/") || !existsSync(path)) broken.push(`${file} -> ${m[1]}`);
  }
  // A file named in code style from the repository's root (`server/src/app.ts`, `docs/API.md:12`);
  // not in the benchmarks' history, which names files as they were when it was measured.
  if (file.startsWith("docs/benchmarks/")) return broken;
  for (const m of text.matchAll(/`((?:server|client|shared|loadtest|cluster|tools|docs)\/[\w./-]+\.[a-z]{2,4})(?::\d+)?`/g)) {
    if (!existsSync(join(root, m[1]!))) broken.push(`${file} -> ${m[1]}`);
  }
  return broken;
}

describe("docs/ARCHITECTURE.md's tree", () => {
  const doc = readFileSync(join(root, "docs", "ARCHITECTURE.md"), "utf8");
  // Every folder of server/src, at every level; the top level of client/src and shared/src.
  for (const [top, deep] of [
    ["server/src", true],
    ["client/src", false],
    ["shared/src", false],
  ] as const) {
    it(`names every folder of ${top}/${deep ? " at every level" : ""} and none that is gone`, () => {
      const listed = treeEntries(doc, `${top}/`)?.filter((f) => deep || !f.includes("/"));
      expect(listed, `the tree has no "${top}/" section`).toBeDefined();
      const present = folders(top, deep);
      expect(
        { missing: present.filter((f) => !listed!.includes(f)), gone: listed!.filter((f) => !present.includes(f)) },
        `docs/ARCHITECTURE.md's tree against ${top}/`,
      ).toEqual({ missing: [], gone: [] });
    });
  }
});

describe("links between the docs", () => {
  it("every markdown link to a local file resolves, and stays inside the repository", () => {
    const files = markdownFiles();
    expect(files).toContain("docs/BENCHMARKS.md");
    const broken = files.flatMap((f) => brokenLinks(f, readFileSync(join(root, f), "utf8")));
    expect(broken).toEqual([]);
  });

  it("the link check sees a broken link and a link out of the repository", () => {
    expect(
      brokenLinks(
        "docs/X.md",
        "[a](API.md) [b](nope.md) [c](https://x.org/y) [d](#top) [e](../../etc/passwd) `docs/API.md` `server/src/gone.ts:3`",
      ),
    ).toEqual(["docs/X.md -> nope.md", "docs/X.md -> ../../etc/passwd", "docs/X.md -> server/src/gone.ts"]);
    expect(brokenLinks("docs/benchmarks/x.md", "[a](../API.md) [b](nope.md) `server/src/gone.ts`")).toEqual([
      "docs/benchmarks/x.md -> nope.md",
    ]);
    expect(statSync(join(root, "docs", "API.md")).isFile()).toBe(true);
  });
});

/** What breaks docs/BENCHMARKS.md's form: one page, each figure a table row with its command and date, cells short. */
export function benchmarkPageFaults(page: string): string[] {
  const faults: string[] = [];
  const lines = page.split("\n");
  if (lines.length > 150) faults.push(`${lines.length} lines: history belongs in docs/benchmarks/`);
  let columns: string[] = [];
  for (const line of lines.filter((l) => l.startsWith("|"))) {
    const cells = line.replace(/^\|\s?|\s?\|$/g, "").split(" | ");
    if (cells.every((c) => /^-+$/.test(c.trim()))) continue;
    if (cells.includes("what")) {
      columns = cells;
      continue;
    }
    const at = (name: string): string => cells[columns.indexOf(name)] ?? "";
    const row = cells[0]!.slice(0, 40);
    for (const c of cells) if (c.length > 200) faults.push(`"${row}": a cell of ${c.length} characters`);
    if (!at("command").includes("`")) faults.push(`"${row}": no command`);
    if (!/\d{4}-\d{2}-\d{2}/.test(at("date"))) faults.push(`"${row}": no date`);
  }
  return faults;
}

describe("docs/BENCHMARKS.md", () => {
  it("is one page of today's figures: each row with its command and date, no cell over 200 characters", () => {
    expect(benchmarkPageFaults(readFileSync(join(root, "docs", "BENCHMARKS.md"), "utf8"))).toEqual([]);
  });

  it("the form check sees a long cell, a missing command and a missing date", () => {
    const page = `| what | figure | command | date |\n| --- | --- | --- | --- |\n| a | ${"x".repeat(201)} | \`npm run bench\` | 2026-12-07 |\n| b | 1 ms | by hand | today |\n`;
    expect(benchmarkPageFaults(page)).toEqual(['"a": a cell of 201 characters', '"b": no command', '"b": no date']);
  });
});

describe("the tree parser", () => {
  it("reads indented `name/` lines under a top line, deeper ones as subfolders, up to the next top line", () => {
    const doc = "x\n```\nserver/src/\n  a/   one\n    x/  in a\n      y/\n  b/\n    z/\n  c.ts file\nclient/src/\n  d/\n```\n";
    expect(treeEntries(doc, "server/src/")).toEqual(["a", "a/x", "a/x/y", "b", "b/z"]);
    expect(treeEntries(doc, "client/src/")).toEqual(["d"]);
    expect(treeEntries(doc, "shared/src/")).toBeUndefined();
  });
});
