import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** The game server `npm run dev` forwards to (the page only ever talks to its own origin: net/endpoint.ts). */
const GAME_SERVER = process.env["GAME_SERVER"] ?? "http://127.0.0.1:2567";

/**
 * Dev: `npm run dev` serves on 5173 and forwards the API, matchmaking and table sockets to the
 * game server, so the page is same-origin as in production. Source maps only when SOURCEMAP=1:
 * production serves none (docs/SECURITY.md).
 */
export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    sourcemap: process.env["SOURCEMAP"] === "1",
    // The game, and the operator page (/operator, docs/API.md "Operators").
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL("index.html", import.meta.url)),
        operator: fileURLToPath(new URL("operator.html", import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": GAME_SERVER,
      "/matchmake": GAME_SERVER,
      "/health": GAME_SERVER,
      // Table sockets: ws://<origin>/<processId>/<roomId> (Colyseus 0.18).
      "^/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+$": { target: GAME_SERVER, ws: true },
    },
  },
});
