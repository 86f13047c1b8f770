/**
 * Chat latency (`npm run bench:chat`): the k6 `tables` load with chat traffic
 * (CHAT=1, loadtest/k6/lib/chat.ts) against one server process (or `--cluster`), and the p50/p99
 * of chat send→receive printed beside action→patch, the target chat is held to.
 *
 *   npm run bench:chat [-- --cluster] [KEY=VALUE ...]
 *
 * Defaults are the `tables` load (TABLES=12, DURATION=60s, THINK_MS=1500); KEY=VALUE pairs go to
 * k6 (e.g. TABLES=40 CHAT_EVERY_MS=3000). Exits non-zero when a k6 threshold failed (p99 limits,
 * a chat line refused or lost) or no chat line was received.
 */
import { readFileSync } from "node:fs";
import { runK6, startTarget, withCpuAccount } from "../k6/run.ts";

type Metric = Record<string, number>;

const args = process.argv.slice(2);
const env: Record<string, string> = { TABLES: "12", DURATION: "60s", CHAT: "1" };
for (const a of args) if (/^[A-Z0-9_]+=/.test(a)) env[a.slice(0, a.indexOf("="))] = a.slice(a.indexOf("=") + 1);
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const target = await startTarget(args.includes("--cluster") ? "cluster" : "one");
let code: number;
try {
  const loadBefore = load();
  console.log(
    `chat benchmark: k6 tables ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")} against ${target.label}; load average ${loadBefore}`,
  );
  let output = "";
  const {
    result: r,
    cpu,
    wallS,
  } = await withCpuAccount(target.pids, () =>
    runK6({
      scenario: "tables",
      baseUrl: target.url,
      env,
      label: `chat-${target.label}`,
      onOutput: (t) => {
        output += t;
      },
    }),
  );
  const metrics = (JSON.parse(readFileSync(r.summary, "utf8")) as { metrics: Record<string, Metric> }).metrics;
  const row = (label: string, name: string) => {
    const m = metrics[name];
    const f = (v: number | undefined) => (v === undefined ? "—" : `${v.toFixed(v < 10 ? 1 : 0)} ms`).padStart(9);
    return `${label.padEnd(28)}${f(m?.["med"])}${f(m?.["p(99)"])}${String(m?.["count"] ?? 0).padStart(9)}`;
  };
  console.log(`\n${"".padEnd(28)}${"p50".padStart(9)}${"p99".padStart(9)}${"samples".padStart(9)}`);
  console.log(row("action -> own patch", "own_patch_ms"));
  console.log(row("action -> others' patch", "others_patch_ms"));
  console.log(row("chat send -> receive", "chat_ms"));
  const count = (name: string) => metrics[name]?.["count"] ?? 0;
  console.log(
    `\nchat lines sent ${count("chat_lines")}, receipts ${count("chat_received")}, refused ${count("chat_refused")}, lost ${count("chat_lost")}, unmatched ${count("chat_unmatched")}; tables ${count("tables")}, actions ${count("actions")}`,
  );
  for (const c of cpu)
    console.log(
      `server ${c.pid}: JS thread on a CPU ${c.onCpuS.toFixed(1)} s, runnable but waiting for a CPU ${c.waitingS.toFixed(1)} s, over ${wallS.toFixed(0)} s`,
    );
  console.log(`load average before ${loadBefore}, after ${load()}; k6 summary ${r.summary}`);
  code = r.code;
  if (code !== 0)
    console.log(
      `\nk6 exit ${code} (a threshold failed):\n${output
        .split("\n")
        .filter((l) => l.includes("✗") || /level=(error|warning)/.test(l))
        .slice(0, 30)
        .join("\n")}`,
    );
  if (count("chat_received") === 0) {
    console.log("no chat line was received");
    code = code || 1;
  }
} finally {
  await target.stop();
}
process.exit(code);
