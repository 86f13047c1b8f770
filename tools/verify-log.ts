/**
 * Checks a finished game's log outside the client (docs/FAIRNESS.md):
 *   npm run verify -- <log.json> [--commitment <seedCommit seen at the deal>]
 * Prints "deal verified" and the outcome (exit 0), or the failure and its reason (exit 1).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describeVerdict, verifyLog, type VerifyOptions } from "@scat/shared/fairness/index.ts";

const USAGE = "usage: npm run verify -- <log.json> [--commitment <hex seedCommit seen at the deal>]";

function main(args: readonly string[]): number {
  const at = args.indexOf("--commitment");
  const commitment = at >= 0 ? args[at + 1] : undefined;
  const files = args.filter((a, i) => a !== "--commitment" && (at < 0 || i !== at + 1));
  if (files.length !== 1 || (at >= 0 && !commitment)) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the repository root; INIT_CWD is where the command was typed.
  const path = resolve(process.env["INIT_CWD"] ?? process.cwd(), files[0]!);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    console.log(`NOT verified (malformed-log): cannot read ${path} as JSON: ${(e as Error).message}`);
    return 1;
  }
  const options: VerifyOptions = commitment === undefined ? {} : { publishedCommitment: commitment };
  const result = verifyLog(json, options);
  console.log(describeVerdict(result));
  if (result.ok) console.log(`outcome ${JSON.stringify(result.outcome)}`);
  return result.ok ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
