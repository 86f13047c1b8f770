/**
 * The local cluster and docker-compose come from one nginx template: both renderings route the
 * same prefixes to the same number of processes, the committed compose files are exactly what
 * the generator writes, and each compose server's PUBLIC_ADDRESS ends with its nginx prefix.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMPOSE_FILE, COMPOSE_NGINX_FILE, COMPOSE_PROCESSES, composeNginx, composeYaml } from "../../cluster/compose.ts";
import { processPath, renderNginx } from "../../cluster/nginx.ts";

const local = renderNginx({
  listen: "127.0.0.1:18080",
  backends: Array.from({ length: COMPOSE_PROCESSES }, (_, i) => `127.0.0.1:${4001 + i}`),
  runDir: "/tmp/x",
  errorLog: "/tmp/x/error.log",
  workers: "1",
});
const compose = composeNginx();

/** The routing of a rendering with its backends named by position: location -> proxied target. */
function routes(conf: string): string[] {
  const backends = [...conf.matchAll(/^\s*server (\S+);/gm)].map((m) => m[1]!);
  return [...conf.matchAll(/location (\S+) \{\s*(?:#.*\n\s*)*proxy_pass http:\/\/([^;/]+)\/?;/g)].map(
    (m) => `${m[1]} -> ${backends.includes(m[2]!) ? `backend#${backends.indexOf(m[2]!) + 1}` : m[2]}`,
  );
}

describe("one nginx template, two renderings", () => {
  it("routes /p<n>/ to process n, quick play to one process per game, everything else to all of them, in both", () => {
    const expected = [
      ...Array.from({ length: COMPOSE_PROCESSES }, (_, i) => `${processPath(i + 1)}/ -> backend#${i + 1}`),
      "/matchmake/joinOrCreate/ -> scat_quick",
      "/ -> scat_any",
    ];
    expect(routes(local)).toEqual(expected);
    expect(routes(compose)).toEqual(expected);
    // Apart from addresses, ports and paths of the runtime files, the two are the same text.
    const neutral = (c: string) =>
      c
        .replace(/^\s*(listen|pid|error_log|worker_processes|\w+_temp_path|server) .*$/gm, "")
        .replace(/proxy_pass http:\/\/[^/;]+:\d+\//g, "proxy_pass X/");
    expect(neutral(local)).toBe(neutral(compose));
    expect(local).not.toMatch(/\{\{/);
    // Both upstreams list every process; quick play picks one by a consistent hash of the path.
    for (const conf of [local, compose]) {
      const upstream = (name: string) => [...conf.matchAll(/upstream (\S+) \{([^}]*)\}/g)].find((m) => m[1] === name)?.[2] ?? "";
      expect([...upstream("scat_quick").matchAll(/server (\S+);/g)].map((m) => m[1])).toEqual(
        [...upstream("scat_any").matchAll(/server (\S+);/g)].map((m) => m[1]),
      );
      expect(upstream("scat_quick")).toMatch(/hash \$uri consistent;/);
    }
  });

  it("keeps the committed docker-compose.yml and nginx.compose.conf equal to the generator (npm run cluster:compose)", () => {
    expect(readFileSync(COMPOSE_NGINX_FILE, "utf8")).toBe(compose);
    const yaml = readFileSync(COMPOSE_FILE, "utf8");
    expect(yaml).toBe(composeYaml());
    for (let n = 1; n <= COMPOSE_PROCESSES; n++) {
      expect(yaml).toContain(`  server${n}:\n`);
      expect(yaml).toContain(`PUBLIC_ADDRESS: \${PUBLIC_HOST:-localhost:8080}${processPath(n)}\n`);
      expect(compose).toContain(`location ${processPath(n)}/ {`);
      expect(compose).toContain(`proxy_pass http://server${n}:2567/;`);
    }
    expect(yaml).toContain("./cluster/nginx.compose.conf:/etc/nginx/nginx.conf:ro");
  });
});
