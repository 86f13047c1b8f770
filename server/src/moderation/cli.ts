/**
 * `npm run operator -- grant <username> [reason…]`, `revoke <username> [reason…]`, `list`,
 * `actions [n]`: the operator role is given and taken only here, by someone who can reach the
 * database (DATABASE_URL, or the embedded PGlite under DATA_DIR, read like the server does). Each
 * grant and revoke is recorded in `operator_actions` as `cli:<os user>`.
 *
 * With embedded PGlite the files belong to one process: stop the server first (PostgreSQL, with
 * DATABASE_URL, has no such limit).
 */
import { userInfo } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../config.ts";
import { openStore, type Db } from "../db/database.ts";
import { appMigrations } from "../migrations.ts";
import { listOperators, recentActions, setOperator, type Actor } from "./operators.ts";

const USAGE = "usage: npm run operator -- grant <username> [reason…] | revoke <username> [reason…] | list | actions [n]";

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return "unknown";
  }
}

/** Runs one command; returns the exit code and writes lines to `out`. */
export async function runOperatorCli(
  db: Db,
  argv: readonly string[],
  out: (line: string) => void,
  actor: Actor = { id: null, name: `cli:${osUser()}` },
): Promise<number> {
  const [command, username, ...rest] = argv;
  if ((command === "grant" || command === "revoke") && username) {
    const reason = rest.join(" ").trim() || `${command} by the operator CLI`;
    const { result } = await setOperator(db, username, command === "grant", actor, reason);
    const lines: Record<typeof result, string> = {
      granted: `${username} is now an operator`,
      revoked: `${username} is no longer an operator`,
      "already-operator": `${username} is already an operator (nothing changed)`,
      "not-operator": `${username} is not an operator (nothing changed)`,
      "unknown-username": `no saved account has the username "${username}" (guests cannot be operators)`,
    };
    out(lines[result]);
    return result === "unknown-username" ? 1 : 0;
  }
  if (command === "list" && !username) {
    const ops = await listOperators(db);
    if (ops.length === 0) out("no operators");
    for (const o of ops) out(`${o.username ?? "?"}\t${o.playerId}\tgranted ${new Date(o.grantedAt).toISOString()} by ${o.grantedBy}`);
    return 0;
  }
  if (command === "actions" && (!username || /^\d+$/.test(username))) {
    for (const a of await recentActions(db, Number(username ?? 50))) {
      out(`${new Date(a.at).toISOString()}\t${a.actor}\t${a.action}\t${a.targetId}\t${a.reason}`);
    }
    return 0;
  }
  out(USAGE);
  return 2;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrations: appMigrations });
  let code = 1;
  try {
    code = await runOperatorCli(store.db, process.argv.slice(2), (line) => console.log(line));
  } catch (err) {
    console.error(`operator: ${(err as Error).message}`);
  } finally {
    await store.close();
  }
  process.exit(code);
}
