/**
 * Checks a finished game's log outside the client (docs/FAIRNESS.md):
 *   npm run verify -- <log.json> [--commitment <seedCommit seen at the deal>] [--mine <your shuffle value>]
 * Prints "deal verified" and the outcome (exit 0), or the failure and its reason (exit 1).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { describeVerdict, verifyLog, type VerifyOptions } from "@scat/shared/fairness/index.ts";

const USAGE =
  "usage: npm run verify -- <log.json> [--commitment <hex seedCommit seen at the deal>] [--mine <hex value your client added to the shuffle>]";

function main(args: readonly string[]): number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { commitment: { type: "string" }, mine: { type: "string" } } });
  } catch {
    console.error(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || values.commitment === "" || values.mine === "") {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the repository root; INIT_CWD is where the command was typed.
  const path = resolve(process.env["INIT_CWD"] ?? process.cwd(), positionals[0]!);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    console.log(`NOT verified (malformed-log): cannot read ${path} as JSON: ${(e as Error).message}`);
    return 1;
  }
  const options: VerifyOptions = {
    ...(values.commitment === undefined ? {} : { publishedCommitment: values.commitment }),
    ...(values.mine === undefined ? {} : { mine: values.mine }),
  };
  const result = verifyLog(json, options);
  console.log(describeVerdict(result));
  if (result.ok) {
    console.log(`outcome ${JSON.stringify(result.outcome)}`);
    if (values.mine !== undefined) console.log(`your shuffle value ${values.mine.trim().toLowerCase()} is in this deal`);
  }
  return result.ok ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
