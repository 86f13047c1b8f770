/**
 * Slap-race fairness through a real impaired network (`npm run bench:fairness`;
 * docs/BENCHMARKS.md, docs/FAIRNESS.md). The real server runs in the root namespace with the
 * `slap_lab` room (the production race machinery: ping/pong estimates, claims, the collection
 * window); each seat's players run in their own network namespace (tools/netlab/), one process
 * per namespace, linked to the server by a veth pair:
 *   - packet loss 0-5 % on both directions of every link is real (the kernel drops packets, TCP
 *     retransmits: `tc netem`, or `iptables -m statistic` where the kernel lacks netem);
 *   - one-way delays 5-150 ms, drawn separately for each direction (asymmetric), jitter up to
 *     50 ms and 2 % reordering are `tc netem` on the link when the kernel has it; without netem
 *     (this machine) the delay and jitter are applied in the player process, in order, as TCP
 *     delivers them, and there is no reordering (the report says which).
 * For every race it compares the truth (each player's own reaction time) with three orders from
 * the same race: our adjudication (claims checked against the estimates), the server's estimate
 * alone (arrival minus reveal minus the measured delay), and naive arrival order. A race counts as
 * right when the truly fastest is first AND the truly slowest is last (the one penalised).
 * It prints a table per jitter and loss level, the decision time after the last slap, and writes
 * docs/fairness-jitter.svg and docs/fairness-loss.svg.
 *
 * Call races (`KINDS` with `call`; docs/FAIRNESS.md, "The call race"): the same players call as in
 * the Dark Hand call race at the deal (a reaction of median 470 ms: reading three cards); the lab
 * holds each call as the Dark Hand plugin does (realtime/held-race.ts) and releases them fastest
 * first. A call race is right when the truly fastest caller got the Joker (the first released):
 * the honest players' win rate. For calls the decision time is how long the first call waited
 * before the Joker was given.
 *
 * Env: RACES per level (default 120), TABLES at once (4), PLAYERS (4), JITTERS (0,10,20,50),
 * LOSSES (0,1,2,5), KINDS (slap,call; SHORT: slap), SEED, SHORT=1 (CI: 2 slap levels, 16 races
 * each, no charts; with KINDS=slap,call also 1 call level), CHARTS=0.
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createRng } from "@scat/shared";
import { createLab, netemUsable, netlabUsable, type Link } from "../../tools/netlab/netlab.ts";
import { startServerProcess } from "../../cluster/server-process.ts";
import { fmt, percentile } from "../src/stats.ts";

const SHORT = process.env.SHORT === "1";
const RACES = Number(process.env.RACES ?? (SHORT ? 16 : 120));
const TABLES = Number(process.env.TABLES ?? (SHORT ? 2 : 4));
const PLAYERS = Number(process.env.PLAYERS ?? 4);
const list = (v: string | undefined, d: number[]) => (v ? v.split(",").map(Number) : d);
const JITTERS = list(process.env.JITTERS, [0, 10, 20, 50]);
const LOSSES = list(process.env.LOSSES, [0, 1, 2, 5]);
type Kind = "slap" | "call";
// CI's short run (SHORT=1) keeps to slap races unless KINDS says otherwise (its time budget).
const KINDS = (process.env.KINDS ?? (SHORT ? "slap" : "slap,call")).split(",").filter((k): k is Kind => k === "slap" || k === "call");
const GRID = JITTERS.flatMap((jitter) => LOSSES.map((loss) => ({ jitter, loss })));
const LEVELS: Array<{ kind: Kind; jitter: number; loss: number }> = KINDS.flatMap((kind) =>
  SHORT
    ? kind === "slap"
      ? [
          { kind, jitter: 10, loss: 0 },
          { kind, jitter: 20, loss: 1 },
        ]
      : [{ kind, jitter: 10, loss: 0 }]
    : GRID.map((l) => ({ kind, ...l })),
);
const SEED = process.env.SEED ?? `fair-${Date.now()}`;
const CHARTS = !SHORT && process.env.CHARTS !== "0";
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const rng = createRng(SEED);

type Method = "ours" | "estimate" | "arrival";
const METHODS: readonly Method[] = ["ours", "estimate", "arrival"];
interface RaceResult {
  race: number;
  firstBatch?: number[];
  byReaction: { seat: number; reactionMs: number; source: string }[];
  byArrival: number[];
  byEstimate: number[];
  decisionMs: number;
  firstReleaseAt?: number | null;
  diag?: Diag[];
}
/** What the judge saw of one press (the lab's `diag`). */
interface Diag {
  seat: number;
  arrivedAt: number;
  revealAt: number;
  rtt: number;
  offset: number;
  jitter: number;
  samples: number;
  bucket: number;
  shownAt: number | null;
  pressedAt: number | null;
  decided: string;
}
/** A player's own account of one press (epoch ms on this machine's clock). */
interface Truth {
  seat: number;
  reactionMs: number;
  revealReceived: number;
  shown: number;
  pressed: number;
  pressSent: number;
  upMs: number;
  downMs: number;
  clockMinusEpoch: number;
}
interface Level {
  kind: Kind;
  jitter: number;
  loss: number;
  races: number;
  late: number;
  right: Record<Method, number>;
  short: number;
  decision: number[];
  slaps: number;
  claims: number;
  causes: Map<string, number>;
}

/** A player process in a namespace: JSON lines in and out. */
class Seat {
  private readonly waiters: Array<{ test: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }> = [];
  constructor(
    readonly link: Link,
    readonly child: ChildProcess,
    onLine: (m: Record<string, unknown>) => void,
  ) {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      let m: Record<string, unknown>;
      try {
        m = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      if (m["error"]) console.error(`seat process: ${String(m["error"])}`);
      const i = this.waiters.findIndex((w) => w.test(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
      onLine(m);
    });
  }
  send(cmd: unknown): void {
    this.child.stdin!.write(`${JSON.stringify(cmd)}\n`);
  }
  next(test: (m: Record<string, unknown>) => boolean, what: string, ms = 30_000): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(t);
          resolve(m);
        },
      });
    });
  }
}

if (!netlabUsable()) {
  console.log("bench:fairness needs Linux, root, iproute2 and iptables (network namespaces); skipped");
  process.exit(0);
}
const netem = netemUsable();
const lab = createLab();
const started = performance.now();
// The server and the player processes start together (each loads TypeScript through tsx).
// Without netem the delays are injected in the player processes, above the WebSocket: the
// transport's own ping frames (answered at once) must not cap the round trip (DELAY_SIMULATED).
const serverStarting = startServerProcess({
  SLAP_LAB: "1",
  DELAY_SIMULATED: netem ? "0" : "1",
  HOST: "0.0.0.0",
  LOG_LEVEL: "error",
  MATCHMAKE_RATE_PER_SECOND: "1000",
  MATCHMAKE_BURST: "1000",
});
let server: Awaited<typeof serverStarting> | null = null;
const truth = new Map<string, Map<number, number>>();
const truthDetail = new Map<string, Map<number, Truth>>();
const results: Array<{ key: string; result: RaceResult }> = [];
const seats: Seat[] = [];
try {
  for (let s = 0; s < PLAYERS; s++) {
    const link = lab.link({ a: "root", b: "ns" });
    const child = link.exec("b", process.execPath, ["--import", "tsx", "loadtest/bench/fairness-player.ts"], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "inherit"],
    });
    seats.push(
      new Seat(link, child, (m) => {
        const t = m["truth"] as (Truth & { table: number; race: number }) | undefined;
        if (t) {
          const key = `${t.table}:${t.race}`;
          if (!truth.has(key)) truth.set(key, new Map());
          truth.get(key)!.set(t.seat, t.reactionMs);
          if (!truthDetail.has(key)) truthDetail.set(key, new Map());
          truthDetail.get(key)!.set(t.seat, t);
        }
        if (m["result"])
          results.push({ key: `${String(m["table"])}:${(m["result"] as RaceResult).race}`, result: m["result"] as RaceResult });
      }),
    );
  }
  server = await serverStarting;
  const port = server.port;
  const levels: Level[] = [];
  let tableNo = 0;
  for (const { kind, jitter, loss } of LEVELS) {
    // Each seat's link: its own delays each way (asymmetric), the level's jitter and loss.
    const delays = seats.map(() => ({ up: 5 + rng.next() * 145, down: 5 + rng.next() * 145 }));
    seats.forEach((seat, i) => {
      const d = delays[i]!;
      if (netem) {
        seat.link.impair("b", { delayMs: Math.round(d.up), jitterMs: jitter, lossPct: loss, reorderPct: jitter > 0 ? 2 : 0 });
        seat.link.impair("a", { delayMs: Math.round(d.down), jitterMs: jitter, lossPct: loss, reorderPct: jitter > 0 ? 2 : 0 });
      } else {
        seat.link.impair("b", { lossPct: loss });
        seat.link.impair("a", { lossPct: loss });
      }
    });
    const first = tableNo;
    results.length = 0;
    for (let t = 0; t < TABLES; t++, tableNo++) {
      let roomId: string | null = null;
      for (const [i, seat] of seats.entries()) {
        const d = delays[i]!;
        const join = {
          table: tableNo,
          url: `ws://${seat.link.a.addr}:${port}`,
          roomId,
          players: PLAYERS,
          seat: i,
          kind,
          upMs: netem ? 0 : d.up,
          downMs: netem ? 0 : d.down,
          jitterMs: netem ? 0 : jitter,
          offsetMs: (rng.next() - 0.5) * 20_000,
          seed: `${SEED}:${tableNo}:${i}`,
        };
        const seated = seat.next((m) => m["room"] !== undefined && m["table"] === tableNo, `table ${tableNo} seat ${i}`);
        seat.send({ join });
        roomId = String((await seated)["room"]);
      }
    }
    const want = Math.ceil(RACES / TABLES) * TABLES;
    for (const end = Date.now() + 20 * 60_000; results.length < want && Date.now() < end;) await new Promise((r) => setTimeout(r, 100));
    await Promise.all(
      seats.map((seat) => {
        const left = seat.next((m) => m["left"] === true, "leave");
        seat.send({ leave: true });
        return left;
      }),
    );
    const level: Level = {
      kind,
      jitter,
      loss,
      races: 0,
      late: 0,
      right: { ours: 0, estimate: 0, arrival: 0 },
      short: 0,
      decision: [],
      slaps: 0,
      claims: 0,
      causes: new Map(),
    };
    for (const { key, result } of results.slice(0, want)) {
      if (Number(key.split(":")[0]) < first) continue;
      const r = truth.get(key);
      if (!r || r.size !== PLAYERS) continue;
      level.races++;
      level.decision.push(result.decisionMs);
      level.slaps += result.byReaction.length;
      level.claims += result.byReaction.filter((x) => x.source === "claim").length;
      if (result.byArrival.length !== PLAYERS) {
        level.short++;
        continue;
      }
      const order = [...r.entries()].sort((a, b) => a[1] - b[1]).map(([seat]) => seat);
      const fastest = order[0],
        slowest = order[order.length - 1];
      const orders: Record<Method, number[]> = {
        ours: result.byReaction.map((s) => s.seat),
        estimate: result.byEstimate,
        arrival: result.byArrival,
      };
      // A call race whose truly fastest call reached the server after the Joker was given (the hold is at most 200 ms).
      if (kind === "call" && result.firstBatch && !result.firstBatch.includes(fastest!)) level.late++;
      // A call race: the truly fastest caller got the Joker. A slap race: fastest first and slowest (penalised) last.
      for (const m of METHODS) if (orders[m][0] === fastest && (kind === "call" || orders[m][PLAYERS - 1] === slowest)) level.right[m]++;
      if (!(orders.ours[0] === fastest && (kind === "call" || orders.ours[PLAYERS - 1] === slowest)))
        explainWrong(level, key, result, order, jitter);
    }
    levels.push(level);
    if (level.causes.size) console.log(`      wrong races by cause: ${[...level.causes].map(([c, n]) => `${c} ${n}`).join(", ")}`);
    const pct = (n: number) => `${fmt((100 * n) / Math.max(1, level.races)).padStart(5)} %`;
    console.log(
      `${kind === "call" ? "call" : "slap"}  jitter ${String(jitter).padStart(2)} ms  loss ${String(loss).padStart(1)} %  ${String(level.races).padStart(4)} races   ours ${pct(level.right.ours)}   estimate alone ${pct(level.right.estimate)}   arrival ${pct(level.right.arrival)}   ${kind === "call" ? "Joker given after the first call" : "decision after last slap"} p50 ${fmt(percentile(level.decision, 50))} ms p99 ${fmt(percentile(level.decision, 99))} ms   claims accepted ${fmt((100 * level.claims) / Math.max(1, level.slaps))} %${level.short ? `   (${level.short} races decided without every slap)` : ""}${kind === "call" ? `   truly fastest call arrived after the Joker was given: ${level.late}` : ""}`,
    );
  }
  console.log(
    `Slap and call race fairness through a real network (seed ${SEED}, node ${process.version}): ${PLAYERS} players per table, each seat in its own network namespace; one-way delay 5-150 ms each way (asymmetric), clocks offset up to ±10 s.`,
  );
  console.log(
    netem
      ? "  delay, jitter, 2 % reordering and loss: tc netem on each veth link"
      : "  loss: real (iptables statistic drop on each veth link, TCP retransmits); this kernel has no netem: delay and jitter applied in each player process in order (as TCP delivers), no packet reordering",
  );
  console.log(
    "  right: slap = the truly fastest first and the truly slowest last (penalised); call = the truly fastest caller got the Joker (the honest players' win rate); ours = claims checked against the server's estimates; estimate alone = arrival - reveal - measured delay; arrival = naive arrival order",
  );
  console.log(`  wall time ${fmt((performance.now() - started) / 1000)} s`);
  if (CHARTS && levels.some((l) => l.kind === "slap")) writeCharts(levels.filter((l) => l.kind === "slap"));
  if (process.env.MIN_RIGHT) {
    const floor = Number(process.env.MIN_RIGHT);
    const bad = levels.filter((l) => l.jitter <= 20 && l.loss <= 1 && (100 * l.right.ours) / Math.max(1, l.races) < floor);
    if (bad.length) {
      console.log(`FAIL: below ${floor} % at ${bad.map((l) => `${l.kind} jitter ${l.jitter} loss ${l.loss}`).join(", ")}`);
      process.exitCode = 1;
    }
  }
} finally {
  for (const s of seats) s.child.kill("SIGTERM");
  await (server ?? (await serverStarting.catch(() => null)))?.stop();
  lab.cleanup();
}

/**
 * Why a race was judged wrong, from what each player did and what the judge saw: a press or a
 * reveal that crossed the link far later than its simulated delay (a lost segment: TCP
 * retransmitted it), a delay or clock estimate off the truth, a call that came after the Joker
 * was given. DIAG=1 prints every wrong race in full.
 */
function explainWrong(level: Level, key: string, result: RaceResult, order: number[], jitter: number): void {
  const detail = truthDetail.get(key);
  const diags = new Map((result.diag ?? []).map((d) => [d.seat, d]));
  const ours = new Map(result.byReaction.map((s) => [s.seat, s]));
  const lines: string[] = [];
  const causes = new Set<string>();
  for (const seat of order) {
    const t = detail?.get(seat),
      d = diags.get(seat),
      o = ours.get(seat);
    if (!t || !d || !o) continue;
    const revealLate = t.revealReceived - d.revealAt;
    const pressLate = d.arrivedAt - t.pressSent;
    const rttErr = d.rtt - (t.upMs + t.downMs + jitter);
    const offsetErr = d.offset - (t.clockMinusEpoch + (t.downMs - t.upMs) / 2);
    // This process's own timers firing late (load): the press left later than the claim says, the card showed later than the reveal came.
    const slip = t.pressed - t.shown - t.reactionMs,
      upSlip = t.pressSent - t.pressed - t.upMs - jitter,
      downSlip = t.shown - t.revealReceived - t.downMs - jitter - 16;
    const claimed = d.pressedAt !== null && d.shownAt !== null ? d.pressedAt - d.shownAt : null;
    const late = d.pressedAt !== null ? d.arrivedAt - (d.pressedAt - d.offset + d.rtt / 2) : null;
    const shown = d.shownAt !== null ? d.shownAt - d.offset - (d.revealAt + d.rtt / 2) : null;
    const tags: string[] = [];
    if (revealLate > 60) tags.push("reveal retransmitted");
    if (pressLate > 60) tags.push("press retransmitted");
    if (o.source !== "claim" && revealLate <= 60 && pressLate <= 60)
      tags.push(
        `claim refused (${Math.abs(rttErr) > 25 ? "rtt estimate off" : Math.abs(offsetErr) > 25 ? "offset estimate off" : "other"})`,
      );
    if (o.source === "claim" && Math.abs(o.reactionMs - t.reactionMs) > 20) tags.push("claim cut by the quota");
    if (slip > 10 || upSlip > 10 || downSlip > 10) tags.push("player timer late");
    if (d.decided === "after" && seat === order[0]) tags.push("arrived after the Joker");
    if (Math.abs(o.reactionMs - t.reactionMs) > 15 || d.decided === "after") for (const tag of tags) causes.add(tag);
    const f = (n: number | null) => (n === null ? "-" : fmt(n));
    lines.push(
      `        seat ${seat}: true ${fmt(t.reactionMs)} judged ${fmt(o.reactionMs)} (${o.source}) claimed ${f(claimed)}  reveal +${fmt(revealLate)} press +${fmt(pressLate)} ms in transit  rtt ${fmt(d.rtt)} (true ${fmt(t.upMs + t.downMs)}+j) offset err ${fmt(offsetErr)} jitter est ${fmt(d.jitter)} samples ${d.samples} bucket ${fmt(d.bucket)}  timer slip ${fmt(slip)}/${fmt(upSlip)}/${fmt(downSlip)}  late ${f(late)} shown ${f(shown)} ${d.decided}  ${tags.join(", ")}`,
    );
  }
  const cause = causes.size ? [...causes].join(" + ") : "unexplained";
  level.causes.set(cause, (level.causes.get(cause) ?? 0) + 1);
  if (process.env.DIAG === "1") console.log(`      wrong ${level.kind} race ${key} (${cause}):\n${lines.join("\n")}`);
}

/** Two line charts as SVG (no library: a few paths): share right by jitter, and by loss. */
function writeCharts(levels: Level[]): void {
  const share = (l: Level, m: Method) => (100 * l.right[m]) / Math.max(1, l.races);
  const colors: Record<Method, string> = { ours: "#1b7f3b", estimate: "#2f5fb3", arrival: "#c0392b" };
  const names: Record<Method, string> = { ours: "our adjudication", estimate: "server's estimate alone", arrival: "naive arrival order" };
  const chart = (
    file: string,
    title: string,
    xLabel: string,
    xs: number[],
    series: Array<{ dash: string; label: string; pick: (x: number) => Level | undefined }>,
  ) => {
    const W = 640,
      H = 380,
      L = 60,
      R = 200,
      T = 40,
      B = 50;
    const px = (x: number) => L + ((x - Math.min(...xs)) / Math.max(1, Math.max(...xs) - Math.min(...xs))) * (W - L - R);
    const py = (y: number) => T + (1 - y / 100) * (H - T - B);
    const out: string[] = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
      `<rect width="${W}" height="${H}" fill="white"/>`,
      `<text x="${L}" y="22" font-size="14" font-weight="bold">${title}</text>`,
    ];
    for (let y = 0; y <= 100; y += 20)
      out.push(
        `<line x1="${L}" x2="${W - R}" y1="${py(y)}" y2="${py(y)}" stroke="#ddd"/><text x="${L - 8}" y="${py(y) + 4}" text-anchor="end">${y} %</text>`,
      );
    out.push(
      `<line x1="${L}" x2="${W - R}" y1="${py(98)}" y2="${py(98)}" stroke="#888" stroke-dasharray="2 3"/><text x="${W - R + 4}" y="${py(98) + 4}" fill="#888">98 % target</text>`,
    );
    for (const x of xs) out.push(`<text x="${px(x)}" y="${H - B + 18}" text-anchor="middle">${x}</text>`);
    out.push(`<text x="${(L + W - R) / 2}" y="${H - 12}" text-anchor="middle">${xLabel}</text>`);
    let ly = T + 10;
    for (const s of series)
      for (const m of METHODS) {
        const pts = xs
          .map((x) => [x, s.pick(x)] as const)
          .filter((p): p is readonly [number, Level] => p[1] !== undefined && p[1].races > 0);
        if (pts.length === 0) continue;
        out.push(
          `<polyline fill="none" stroke="${colors[m]}" stroke-width="2" stroke-dasharray="${s.dash}" points="${pts.map(([x, l]) => `${px(x).toFixed(1)},${py(share(l, m)).toFixed(1)}`).join(" ")}"/>`,
        );
        for (const [x, l] of pts)
          out.push(
            `<circle cx="${px(x).toFixed(1)}" cy="${py(share(l, m)).toFixed(1)}" r="3" fill="${colors[m]}"><title>${names[m]}, ${s.label}, ${xLabel} ${x}: ${fmt(share(l, m))} % of ${l.races} races</title></circle>`,
          );
        out.push(
          `<line x1="${W - R + 8}" x2="${W - R + 30}" y1="${ly}" y2="${ly}" stroke="${colors[m]}" stroke-width="2" stroke-dasharray="${s.dash}"/><text x="${W - R + 34}" y="${ly + 4}">${names[m]}${series.length > 1 ? `, ${s.label}` : ""}</text>`,
        );
        ly += 18;
      }
    out.push(
      `<text x="${L}" y="${T - 6}" fill="#555">races where the truly fastest won and the truly slowest was penalised (seed ${SEED})</text>`,
      "</svg>",
    );
    writeFileSync(new URL(`../../docs/${file}`, import.meta.url), `${out.join("\n")}\n`);
    console.log(`  wrote docs/${file}`);
  };
  const at = (jitter: number, loss: number) => levels.find((l) => l.jitter === jitter && l.loss === loss);
  const js = [...new Set(levels.map((l) => l.jitter))].sort((a, b) => a - b);
  const ls = [...new Set(levels.map((l) => l.loss))].sort((a, b) => a - b);
  chart(
    "fairness-jitter.svg",
    "Slap races through a real network: by jitter",
    "jitter (ms, each way)",
    js,
    ls.slice(0, 2).map((loss, i) => ({ dash: i === 0 ? "" : "6 4", label: `loss ${loss} %`, pick: (x: number) => at(x, loss) })),
  );
  chart(
    "fairness-loss.svg",
    "Slap races through a real network: by packet loss",
    "loss (% each way)",
    ls,
    js
      .filter((j) => j === 10 || j === 20)
      .map((jitter, i) => ({ dash: i === 0 ? "" : "6 4", label: `jitter ${jitter} ms`, pick: (x: number) => at(jitter, x) })),
  );
}
