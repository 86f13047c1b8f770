/**
 * The engine's step files form no import circle (effects, race and round once
 * imported each other, which made the order of module start-up matter). Reads the value imports of every source file here and looks for a cycle.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const DIR = new URL(".", import.meta.url);

function valueImports(file: string): string[] {
  const text = readFileSync(new URL(file, DIR), "utf8");
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"\.\/([\w-]+\.ts)";/gm)].map((m) => m[1]!);
}

function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("Hit the Deck imports", () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const graph = new Map(files.map((f) => [f, valueImports(f)]));

  it("reads the step files' imports", () => {
    expect(graph.get("effects.ts")).toEqual(expect.arrayContaining(["race.ts", "round.ts"]));
    expect(graph.get("deal.ts")).toContain("effects.ts");
  });

  it("has no import circle", () => {
    expect(findCycle(graph)).toBeNull();
    expect(
      findCycle(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", ["a.ts"]],
        ]),
      ),
    ).toEqual(["a.ts", "b.ts", "a.ts"]);
  });
});
