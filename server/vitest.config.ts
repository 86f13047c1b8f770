import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // tools/netlab is the chaos suite's network lab; its test runs with the server's.
    include: ["test/**/*.test.ts", "../tools/netlab/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
