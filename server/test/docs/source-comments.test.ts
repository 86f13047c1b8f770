/**
 * Comments a reader can follow: no source comment cites an issue number or a file outside the
 * repository (the sibling shared folder, notes on gaps in the rules, a printed sheet of rules):
 * it says the reason in words, and a game rule is cited from docs/rules/<game>.md, whose file and
 * quoted section must exist.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");
const TREES = ["server", "client", "shared", "loadtest", "cluster", "tools"];
const SKIP = new Set(["node_modules", "dist", ".tsbuild", "reports"]);

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return SKIP.has(d.name) || d.name.startsWith(".") ? [] : sources(rel);
    return d.name.endsWith(".ts") && !d.name.endsWith(".d.ts") ? [rel] : [];
  });
}

/** Every comment of a TypeScript source, as [line, text], read by TypeScript's own scanner (strings and templates are not comments). */
export function comments(text: string): Array<[number, string]> {
  const file = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const seen = new Map<number, string>();
  const add = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...seen].sort((a, b) => a[0] - b[0]).map(([pos, c]) => [file.getLineAndCharacterOfPosition(pos).line + 1, c]);
}

/** What a comment may not say: an issue number, or a file a reader of the repository cannot open. */
const FORBIDDEN: Array<[string, RegExp]> = [
  ["an issue number", /\bissues?\s+#?\d+|\(#\d+\b|\bissue\s+#\d+/i],
  ["a file outside the repository", /\.\.\/shared\b|\bRULINGS(\.md)?\b|\brule ?sheets?\b|(^|[\s("'`])rules\/[\w-]+\.md/i],
];

/** docs/rules/<game>.md citations whose file or quoted section ("..." after the file name) is not there. */
export function badRuleCitations(comment: string, exists: (file: string) => string | undefined): string[] {
  const flat = comment.replace(/\s*\n\s*\*?\s*/g, " ");
  const bad: string[] = [];
  for (const m of flat.matchAll(/docs\/rules\/([\w-]+\.md)((?:,?\s*"[^"]+")*)/g)) {
    const doc = exists(m[1]!);
    if (doc === undefined) {
      bad.push(`docs/rules/${m[1]} does not exist`);
      continue;
    }
    for (const s of m[2]!.matchAll(/"([^"]+)"/g)) {
      const heading = new RegExp(`^#+\\s+${s[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`, "im");
      if (!heading.test(doc)) bad.push(`docs/rules/${m[1]} has no section "${s[1]}"`);
    }
  }
  return bad;
}

function ruleDoc(file: string): string | undefined {
  try {
    return readFileSync(join(root, "docs", "rules", file), "utf8");
  } catch {
    return undefined;
  }
}

describe("source comments", () => {
  const files = TREES.flatMap((t) => sources(t));

  it("cite no issue number and no file outside the repository; cited rules sections exist", () => {
    expect(files.length).toBeGreaterThan(500);
    const found: string[] = [];
    for (const f of files) {
      const text = readFileSync(join(root, f), "utf8");
      // Only a file that says one of these anywhere can break the rule: parse just those.
      if (!/issue|#\d|\.\.\/shared|rulings|rule ?sheet|rules\//i.test(text)) continue;
      for (const [line, c] of comments(text)) {
        for (const [what, re] of FORBIDDEN)
          if (re.test(c))
            found.push(
              `${f}:${line} cites ${what}: ${c
                .split("\n")
                .find((l) => re.test(l))
                ?.trim()}`,
            );
        for (const bad of badRuleCitations(c, ruleDoc)) found.push(`${f}:${line}: ${bad}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("reads comments, not strings, and sees each kind of citation", () => {
    const src =
      'const a = "issue 3 // #4"; // issue 27 item 2\nconst b = `${a} /* RULINGS.md */`;\n/** ../shared/rules/x.md */\nlet c = 1; /* (#226) */\n';
    const cs = comments(src);
    expect(cs.map(([l]) => l)).toEqual([1, 3, 4]);
    expect(cs.map(([, c]) => FORBIDDEN.map(([, re]) => re.test(c)))).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
    const doc = (f: string): string | undefined => (f === "a.md" ? "# A\n## The pass\n" : undefined);
    expect(badRuleCitations('/** (docs/rules/a.md, "The pass", "Nope"; docs/rules/b.md) */', doc)).toEqual([
      'docs/rules/a.md has no section "Nope"',
      "docs/rules/b.md does not exist",
    ]);
  });
});
