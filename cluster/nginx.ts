/**
 * The one nginx template (cluster/nginx.conf.template) rendered for a topology, and an nginx of
 * our own started from it: unprivileged, on any port, with its pid file, temp dirs and error log
 * in a directory we own (`nginx -p <dir> -c <conf> -e <log> -g 'daemon off;'`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stopChild, waitFor } from "./wait.ts";

export const TEMPLATE = fileURLToPath(new URL("./nginx.conf.template", import.meta.url));

export interface NginxSite {
  /** nginx `listen` argument: "127.0.0.1:8080" or "80". */
  readonly listen: string;
  /** host:port of each process; process n (from 1) is routed at /p<n>/. */
  readonly backends: readonly string[];
  /** Directory of the pid file and the temp dirs. */
  readonly runDir: string;
  /** Error log: a file, or /dev/stderr in a container. */
  readonly errorLog: string;
  readonly workers: string;
}

/** The path prefix nginx routes to process `n` (1-based); PUBLIC_ADDRESS ends with it. */
export const processPath = (n: number): string => `/p${n}`;

const BLOCK = /^[ \t]*# BEGIN per-process\n([\s\S]*?)^[ \t]*# END per-process\n/m;

export function renderNginx(site: NginxSite, template = readFileSync(TEMPLATE, "utf8")): string {
  const block = BLOCK.exec(template);
  if (!block) throw new Error("nginx template: no per-process block");
  const perProcess = site.backends
    .map((backend, i) => block[1]!.replaceAll("{{n}}", String(i + 1)).replaceAll("{{backend}}", backend))
    .join("\n");
  const values: Record<string, string> = {
    workers: site.workers,
    run_dir: site.runDir,
    error_log: site.errorLog,
    listen: site.listen,
    upstream_servers: site.backends.map((b) => `    server ${b};`).join("\n"),
  };
  // The template's header explains the placeholders; a rendering says where it came from instead.
  const body = template.replace(/^(#.*\n)+\n?/, "").replace(BLOCK, perProcess);
  const out = body.replace(/\{\{(\w+)\}\}/g, (all, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`nginx template: unknown placeholder ${all}`);
    return value;
  });
  return `# Rendered from cluster/nginx.conf.template by cluster/nginx.ts; do not edit.\n${out}`;
}

/** nginx is in /usr/sbin on Debian, which an unprivileged PATH often lacks. */
export function nginxBinary(): string {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  return existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
}

export interface NginxProcess {
  readonly child: ChildProcess;
  readonly conf: string;
  readonly errorLog: string;
  stop(): Promise<void>;
}

/** Starts nginx for `site` (its runDir is created) and waits until every process answers through it. */
export async function startNginx(site: NginxSite, port: number): Promise<NginxProcess> {
  await mkdir(site.runDir, { recursive: true });
  const conf = path.join(site.runDir, "nginx.conf");
  await writeFile(conf, renderNginx(site));
  const child = spawn(nginxBinary(), ["-p", site.runDir, "-c", conf, "-e", site.errorLog, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
    // Own process group: a terminal's Ctrl-C reaches only the launcher, which stops nginx first.
    detached: true,
  });
  let stderr = "";
  child.once("error", (err) => {
    stderr += `${err.message}\n`;
  });
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-10_000);
  });
  const nginx: NginxProcess = { child, conf, errorLog: site.errorLog, stop: () => stopChild(child, "SIGQUIT") };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null || child.pid === undefined) {
          const log = await readFile(site.errorLog, "utf8").catch(() => "");
          throw new Error(`nginx exited (${child.exitCode}): ${stderr}${log}`);
        }
        const answers = await Promise.all(
          site.backends.map((_, i) =>
            fetch(`http://127.0.0.1:${port}${processPath(i + 1)}/health`).then(
              (r) => r.ok,
              () => false,
            ),
          ),
        );
        return answers.every(Boolean);
      },
      "nginx routing to every process",
      20_000,
    );
  } catch (err) {
    await nginx.stop();
    throw err;
  }
  return nginx;
}
