import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * How many browser-test files run at once (E2E_WORKERS, default 2). Each file starts its own
 * server (or cluster) on free ports and its own Chromium, so files share nothing; most of a file's
 * time is waiting on the table (bots, turn clocks, the server's answers), so two at once take the
 * suite from ~35 to ~20 minutes on the 2-core CI machine. `E2E_WORKERS=1` runs one at a time.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** Browser tests: long timeouts (a real server and Chromium per file). */
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 180_000,
    hookTimeout: 90_000,
    reporters: ["verbose"],
  },
});
