/**
 * Bundles each k6 scenario (loadtest/k6/*.ts) with the real `@colyseus/sdk` into one ES module
 * for k6 (loadtest/.k6/dist/<scenario>.js): browser platform, k6's own modules left external.
 */
import { build } from "esbuild";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const K6_DIR = path.dirname(fileURLToPath(import.meta.url));
export const DIST = path.join(K6_DIR, "..", ".k6", "dist");
export const SCENARIOS = readdirSync(K6_DIR)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !["build.ts", "run.ts"].includes(f))
  .map((f) => f.slice(0, -3));

export async function bundle(names: readonly string[] = SCENARIOS): Promise<string[]> {
  const out: string[] = [];
  for (const name of names) {
    const outfile = path.join(DIST, `${name}.js`);
    await build({
      entryPoints: [path.join(K6_DIR, `${name}.ts`)],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2020",
      outfile,
      external: ["k6", "k6/*"],
      logLevel: "warning",
      legalComments: "none",
      // The SDK falls back to the `ws` package only where WebSocket is missing; k6 gets ours.
      alias: { ws: path.join(K6_DIR, "lib", "no-ws.ts") },
    });
    out.push(outfile);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  for (const f of await bundle(names.length ? names : SCENARIOS)) console.log(f);
}
