import { defineConfig } from "vite";

/** Dev: `npm run dev` serves on 5173 and talks to the game server on 2567 (see net/endpoint.ts). */
export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    sourcemap: true,
  },
  server: { port: 5173 },
});
