/**
 * ESLint and Prettier (`npm run lint`) fail on what they are set to catch: the repository's own
 * configs, run in-process on small sources under paths of the tree (the configs treat tests and
 * product code differently).
 */
import { ESLint } from "eslint";
import * as prettier from "prettier";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The errors (not warnings: `npm run lint` fails on errors) ESLint finds in `text` as the file `file`. */
async function problems(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId ?? "directive"}: ${m.message}`);
}

describe("ESLint", () => {
  it("passes code that keeps the rules", async () => {
    expect(
      await problems("server/src/guard-fixture.ts", "export function f(_unused: number, n: number): number {\n  return n + 1;\n}\n"),
    ).toEqual([]);
  });

  it("fails an unused name and an any in product code, but allows the any in a test", async () => {
    const text = "const unused = 1;\nexport const x: any = 2;\n";
    const found = await problems("server/src/guard-fixture.ts", text);
    expect(found.some((p) => p.startsWith("@typescript-eslint/no-unused-vars"))).toBe(true);
    expect(found.some((p) => p.startsWith("@typescript-eslint/no-explicit-any"))).toBe(true);
    expect((await problems("server/test/guard-fixture.test.ts", text)).map((p) => p.split(":")[0])).toEqual([
      "@typescript-eslint/no-unused-vars",
    ]);
  });

  it("fails a disable comment that disables nothing", async () => {
    const found = await problems(
      "server/src/guard-fixture.ts",
      "// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport const x = 2;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("Unused eslint-disable directive");
  });
});

describe("Prettier", () => {
  it("accepts the code's style and refuses another", async () => {
    const file = path.join(ROOT, "server/src/guard-fixture.ts");
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    expect(await prettier.check('export const greeting = { text: "hello", to: ["you"] };\n', options)).toBe(true);
    expect(await prettier.check("export const greeting = {text: 'hello', to: ['you']}\n", options)).toBe(false);
  });
});
