import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Browser tests: one file at a time, long timeouts (a real server and Chromium per file). */
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 90_000,
    reporters: ["verbose"],
  },
});
