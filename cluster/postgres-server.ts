/**
 * A throwaway PostgreSQL server for tests and benchmarks: Debian's initdb/pg_ctl (from
 * /usr/lib/postgresql/<version>/bin or PATH) in a temp directory, listening on a free loopback
 * port only (no Unix socket), trust auth for loopback. PostgreSQL refuses to run as root, so as
 * root the server runs as the `postgres` user (runuser); `stop()` ends it and removes the files.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server-process.ts";

export interface PostgresServer {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** The directory holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], "bin");
  }
  for (const dir of ["/usr/local/bin", "/usr/bin"]) if (existsSync(path.join(dir, "pg_ctl"))) return dir;
  return null;
}

function ownerOf(uid: number | undefined): { user: string | null; uid: number; gid: number } | null {
  if (uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { user: "postgres", uid: id("-u"), gid: id("-g") };
}

function run(asUser: string | null, bin: string, args: string[]): void {
  const [cmd, argv] = asUser ? ["runuser", ["-u", asUser, "--", bin, ...args]] : [bin, args];
  const res = spawnSync(cmd, argv, { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${path.basename(bin)} failed (${res.status}): ${res.stderr || res.stdout}`);
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (bin === null)
    throw new Error("PostgreSQL is not installed (no initdb/pg_ctl in /usr/lib/postgresql/*/bin, /usr/local/bin or /usr/bin)");
  const owner = ownerOf(process.getuid?.());
  const dir = mkdtempSync(path.join(tmpdir(), "scat-pg-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, "data");
  const port = await freePort();
  const user = owner?.user ?? null;
  run(user, path.join(bin, "initdb"), ["-D", data, "-U", "scat", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c max_connections=60`;
  run(user, path.join(bin, "pg_ctl"), ["-D", data, "-o", opts, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  run(user, path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "scat", "scat"]);
  let stopped = false;
  return {
    url: `postgres://scat@127.0.0.1:${port}/scat`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(user, path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
