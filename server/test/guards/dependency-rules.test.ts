/**
 * The import rules (.dependency-cruiser.cjs, `npm run lint:deps`) fail when broken: the real
 * config is run over small trees written to a temporary directory, laid out like the repository
 * (the rules name paths such as `server/src/table/`), and the exit code and report are read.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path -> source) into a fresh directory and runs the check there. */
function cruise(files: Record<string, string>): { code: number | null; report: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "dep-rules-"));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const roots = [...new Set(Object.keys(files).map((f) => f.split("/")[0]!))];
  const run = spawnSync(process.execPath, [DEPCRUISE, "--config", CONFIG, "--output-type", "err", ...roots], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: run.status, report: `${run.stdout}${run.stderr}` };
}

const imports = (...targets: string[]) => targets.map((t, i) => `import { v${i} } from "${t}";\n`).join("") + "export const v = 1;\n";

describe("import rules", () => {
  it("pass a tree that keeps them", () => {
    const { code, report } = cruise({
      "server/src/table/kernel.ts": imports("../platform/store.ts", "../games.ts"),
      "server/src/platform/store.ts": "export const v0 = 1;\n",
      "server/src/games.ts": "export const v1 = 1;\n",
      "server/src/ranked/index.ts": imports("../table/kernel.ts", "../platform/store.ts"),
      "shared/src/cards.ts": "export const v0 = 1;\n",
      "loadtest/bench/b.ts": imports("../../cluster/server-process.ts"),
      "cluster/server-process.ts": "export const v0 = 1;\n",
    });
    expect(report).toContain("no dependency violations");
    expect(code).toBe(0);
  });

  describe("fail a tree that breaks them", () => {
    // One run over a tree with every kind of break (each check starts a process: about a second).
    let run: ReturnType<typeof cruise> | undefined;
    const broken = () =>
      (run ??= cruise({
        // A circle, one side of it type-only.
        "server/src/a.ts": imports("./b.ts"),
        "server/src/b.ts": 'import type { V } from "./a.ts";\nexport const v0 = 1;\nexport type W = V;\n',
        // The kernel, the platform and the database layer each import a feature.
        "server/src/table/kernel.ts": imports("../ranked/rating.ts"),
        "server/src/platform/hub.ts": imports("../social/chat/chat.ts"),
        "server/src/db/migrations.ts": imports("../moderation/migration.ts"),
        "server/src/ranked/rating.ts": "export const v0 = 1;\n",
        "server/src/social/chat/chat.ts": "export const v0 = 1;\n",
        "server/src/moderation/migration.ts": "export const v0 = 1;\n",
        // The platform reaches the features through the list that composes them.
        "server/src/platform/store.ts": imports("../migrations.ts"),
        "server/src/migrations.ts": "export const v0 = 1;\n",
        // shared/ imports the server; the cluster imports the load tests.
        "shared/src/cards.ts": imports("../../server/src/games.ts"),
        "server/src/games.ts": "export const v0 = 1;\n",
        "cluster/cluster.ts": imports("../loadtest/src/stats.ts"),
        "loadtest/src/stats.ts": "export const v0 = 1;\n",
        // A kernel file that still reads a feature (the named debt) reads no new one.
        "server/src/table/table-play.ts": imports("../conduct/table-conduct.ts", "../moderation/mark.ts"),
        "server/src/conduct/table-conduct.ts": "export const v0 = 1;\n",
        "server/src/moderation/mark.ts": "export const v0 = 1;\n",
      }));

    it("with a non-zero exit", () => {
      expect(broken().code).not.toBe(0);
    });

    it("on an import circle, type-only imports included", () => {
      expect(broken().report).toMatch(/no-circular: server\/src\/(a|b)\.ts/);
    });

    it("when the kernel, the platform or the database layer imports a feature", () => {
      for (const from of ["table/kernel.ts", "platform/hub.ts", "db/migrations.ts"]) {
        expect(broken().report).toContain(`kernel-and-platform-know-no-feature: server/src/${from}`);
      }
      expect(broken().report).toContain("kernel-and-platform-know-no-composition-root: server/src/platform/store.ts");
    });

    it("when shared/ imports the server or the harness imports run upwards", () => {
      expect(broken().report).toContain("shared-stands-alone: shared/src/cards.ts");
      expect(broken().report).toContain("harness-layers: cluster/cluster.ts");
    });

    it("when a kernel file of the named debt reads a feature beyond it", () => {
      expect(broken().report).toContain("kernel-imports-no-new-feature: server/src/table/table-play.ts → server/src/moderation/mark.ts");
      expect(broken().report).not.toContain("server/src/table/table-play.ts → server/src/conduct/table-conduct.ts");
    });
  });
});
