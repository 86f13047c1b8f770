import { defineConfig } from "vitest/config";

/** Node unit tests for the client's pure modules (words, formatting): no browser, no server. */
export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts"],
    testTimeout: 10_000,
  },
});
