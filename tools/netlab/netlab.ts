/**
 * netlab: a small network lab for tests (the chaos suite, the fairness bench).
 * Linux only, as root: network namespaces, veth pairs, `tc netem`, `iptables`.
 *
 * API (stable; add, don't change):
 *
 *   const lab = createLab();                      // one per test file; lab.cleanup() in afterAll
 *   const link = lab.link({ a: "root", b: "ns" }); // a veth pair with a /30; either end in the
 *                                                 //   root namespace or in a new namespace
 *   link.a.addr, link.b.addr                      // "10.x.y.1" / "10.x.y.2"
 *   link.a.ns, link.b.ns                          // namespace name, or null for the root one
 *   link.impair("a", { delayMs, jitterMs, lossPct, reorderPct }) // what leaves end a (a→b);
 *                                                 //   asymmetric: impair "b" for b→a; {} clears
 *   link.drop("a", true | false, match?)          // iptables DROP of what leaves end a (all of
 *                                                 //   it, or match {sport, dport}: TCP ports);
 *                                                 //   a real cut: TCP retransmits, backs off
 *   link.reset("b", true | false, {dport})      // what leaves end b on those TCP ports is
 *                                                 //   answered at once by a TCP reset (iptables
 *                                                 //   REJECT): open connections close, new ones
 *                                                 //   are refused (a peer restarting, a proxy
 *                                                 //   dropping its connections)
 *   link.exec("b", cmd, args, spawnOptions)       // a ChildProcess run inside end b's namespace
 *                                                 //   (`ip netns exec`), killed on cleanup
 *   link.destroy()                                // removes namespaces, veths, rules, children
 *   lab.cleanup()                                 // destroys every link; also runs at exit
 *                                                 //   (an uncaught error included), SIGINT, SIGTERM
 *   netlabUsable(), netemUsable()                 // can this machine do it (root, ip, netem)?
 *   sweepStale()                                  // removes what dead processes' labs left
 *
 * Impairments: `tc netem` on the sending end when the kernel has it (delay, jitter, loss,
 * reorder). Kernels without netem (CONFIG_NET_SCH_NETEM unset, e.g. some microVMs) still get
 * packet loss from `iptables -m statistic` (a real drop, TCP backs off); delay, jitter and
 * reorder then throw `NetemUnavailable` (check `netemUsable()` first).
 *
 * Names: namespaces `nl<pid>x<n>` and veths `nl<pid>x<n>a|b` (≤ 15 chars), so labs of
 * concurrent processes never clash and `sweepStale` knows which are orphans. Addresses are
 * 10.X.Y.0/30 picked at random among those no interface on the machine uses.
 *
 * Hand-written (no npm library drives `ip`/`tc`/`iptables`; these are a few synchronous
 * commands). Synchronous on purpose: cleanup must also run in an `exit` handler.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";

export type End = "a" | "b";
export interface Impairment {
  /** Added one-way delay of packets leaving this end (netem). */
  delayMs?: number;
  /** Random variation of that delay, ± ms (netem). */
  jitterMs?: number;
  /** Percentage of packets leaving this end that are dropped (netem, or iptables statistic). */
  lossPct?: number;
  /** Percentage of packets sent at once, out of order with the delayed rest (netem; needs delayMs). */
  reorderPct?: number;
}
/** TCP packets by port (either or both). */
export interface PortMatch {
  readonly sport?: number;
  readonly dport?: number;
}
export interface LinkEnd {
  /** Namespace name, or null for the root namespace. */
  readonly ns: string | null;
  /** The veth interface of this end. */
  readonly dev: string;
  /** This end's IPv4 address (/30). */
  readonly addr: string;
}
export interface Link {
  readonly a: LinkEnd;
  readonly b: LinkEnd;
  impair(end: End, what: Impairment): void;
  drop(end: End, on: boolean, match?: PortMatch): void;
  reset(end: End, on: boolean, match: PortMatch): void;
  exec(end: End, cmd: string, args?: readonly string[], options?: SpawnOptions): ChildProcess;
  destroy(): void;
}
export interface Lab {
  link(ends?: { a?: "root" | "ns"; b?: "root" | "ns" }): Link;
  cleanup(): void;
}

export class NetemUnavailable extends Error {
  constructor() {
    super(
      "tc netem is not available in this kernel (CONFIG_NET_SCH_NETEM unset): delay, jitter and reorder cannot be applied; loss still works through iptables",
    );
  }
}

function run(cmd: string, args: readonly string[]): void {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`netlab: ${cmd} ${args.join(" ")}: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim()}`);
}
const quiet = (cmd: string, args: readonly string[]) => spawnSync(cmd, args, { stdio: "ignore" }).status === 0;
const inNs = (ns: string | null, cmd: string, args: readonly string[]): [string, string[]] =>
  ns === null ? [cmd, [...args]] : ["ip", ["netns", "exec", ns, cmd, ...args]];

/** Root, with `ip` and `iptables` able to make a namespace here. */
export function netlabUsable(): boolean {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  return quiet("ip", ["netns", "list"]) && quiet("iptables", ["-w", "-L", "OUTPUT", "-n"]);
}

let netem: boolean | undefined;
/** Whether `tc netem` works here (probed once on a throwaway veth). */
export function netemUsable(): boolean {
  if (netem !== undefined) return netem;
  if (!netlabUsable()) return (netem = false);
  const dev = `nl${process.pid}probe`.slice(0, 15);
  netem =
    quiet("ip", ["link", "add", dev, "type", "veth", "peer", "name", `${dev.slice(0, 13)}pp`]) &&
    quiet("tc", ["qdisc", "add", "dev", dev, "root", "netem", "delay", "1ms"]);
  quiet("ip", ["link", "del", dev]);
  return netem;
}

const PREFIX = "nl";
let counter = 0;
const live = new Set<Lab>();

function usedSubnets(): Set<string> {
  const out = spawnSync("ip", ["-o", "-4", "addr", "show"], { encoding: "utf8" }).stdout ?? "";
  const used = new Set<string>();
  for (const m of out.matchAll(/inet (\d+)\.(\d+)\.(\d+)\.\d+/g)) used.add(`${m[1]}.${m[2]}.${m[3]}`);
  // Namespaces' addresses do not show in the root one; ours are named, so ask each.
  for (const ns of namespaces()) {
    const o = spawnSync("ip", ["netns", "exec", ns, "ip", "-o", "-4", "addr", "show"], { encoding: "utf8" }).stdout ?? "";
    for (const m of o.matchAll(/inet (\d+)\.(\d+)\.(\d+)\.\d+/g)) used.add(`${m[1]}.${m[2]}.${m[3]}`);
  }
  return used;
}
function namespaces(): string[] {
  const out = spawnSync("ip", ["netns", "list"], { encoding: "utf8" }).stdout ?? "";
  return out
    .split("\n")
    .map((l) => l.split(" ")[0]!)
    .filter((n) => n.length > 0);
}

/** Removes namespaces and root-side veths whose creating process is gone. */
export function sweepStale(): void {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === "EPERM";
    }
  };
  const ours = new RegExp(`^${PREFIX}(\\d+)x\\d+[ab]?$`);
  for (const ns of namespaces()) {
    const m = ours.exec(ns);
    if (m && Number(m[1]) !== process.pid && !alive(Number(m[1]))) quiet("ip", ["netns", "del", ns]);
  }
  const links = spawnSync("ip", ["-o", "link", "show"], { encoding: "utf8" }).stdout ?? "";
  for (const m of links.matchAll(/^\d+: ([^:@]+)[@:]/gm)) {
    const dev = m[1]!;
    const own = ours.exec(dev);
    if (own && Number(own[1]) !== process.pid && !alive(Number(own[1]))) quiet("ip", ["link", "del", dev]);
  }
  // Root-namespace rules carry the creator's pid in a comment.
  const rules = spawnSync("iptables", ["-w", "-S", "OUTPUT"], { encoding: "utf8" }).stdout ?? "";
  for (const line of rules.split("\n")) {
    const m = /--comment "?netlab-(\d+)"?/.exec(line);
    if (m && Number(m[1]) !== process.pid && !alive(Number(m[1])))
      quiet("iptables", ["-w", ...line.replace(/^-A /, "-D ").replace(/"/g, "").split(" ")]);
  }
}

export function createLab(): Lab {
  if (!netlabUsable()) throw new Error("netlab needs Linux, root, iproute2 and iptables");
  sweepStale();
  const links = new Set<Link>();
  const lab: Lab = {
    link(ends = {}) {
      const l = makeLink(ends.a ?? "root", ends.b ?? "ns", () => links.delete(l));
      links.add(l);
      return l;
    },
    cleanup() {
      for (const l of [...links]) l.destroy();
      live.delete(lab);
    },
  };
  live.add(lab);
  installExitHooks();
  return lab;
}

let hooked = false;
function installExitHooks(): void {
  if (hooked) return;
  hooked = true;
  const all = () => {
    for (const lab of [...live]) {
      try {
        lab.cleanup();
      } catch {
        /* best effort at exit */
      }
    }
  };
  process.on("exit", all);
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => {
      all();
      process.kill(process.pid, sig);
    });
  }
}

function makeLink(aWhere: "root" | "ns", bWhere: "root" | "ns", forget: () => void): Link {
  if (aWhere === "root" && bWhere === "root") throw new Error("netlab: at least one end of a link lives in its own namespace");
  const id = `${PREFIX}${process.pid}x${counter++}`;
  if (id.length + 1 > 15) throw new Error(`netlab: interface name ${id}a too long`);
  const used = usedSubnets();
  let subnet = "";
  for (let i = 0; i < 200 && subnet === ""; i++) {
    const s = `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 256)}`;
    if (!used.has(s)) subnet = s;
  }
  if (subnet === "") throw new Error("netlab: no free 10.200-249.x.0/30 subnet");
  const lastOctet = 4 * Math.floor(Math.random() * 63);
  const mk = (end: End, where: "root" | "ns", host: number): LinkEnd => ({
    ns: where === "ns" ? `${id}${end}` : null,
    dev: `${id}${end}`,
    addr: `${subnet}.${lastOctet + host}`,
  });
  const a = mk("a", aWhere, 1);
  const b = mk("b", bWhere, 2);
  const children = new Set<ChildProcess>();
  const rootRules: string[][] = [];
  let destroyed = false;

  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    for (const c of children) {
      if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    }
    for (const r of rootRules) quiet("iptables", ["-w", "-D", ...r]);
    // Deleting one end of a veth deletes both; a namespace takes its rules and qdiscs with it.
    quiet("ip", ["link", "del", a.dev]);
    quiet("ip", ["link", "del", b.dev]);
    for (const e of [a, b]) if (e.ns) quiet("ip", ["netns", "del", e.ns]);
    forget();
  };
  try {
    for (const e of [a, b])
      if (e.ns) {
        run("ip", ["netns", "add", e.ns]);
        run("ip", ["-n", e.ns, "link", "set", "lo", "up"]);
      }
    run("ip", ["link", "add", a.dev, "type", "veth", "peer", "name", b.dev]);
    for (const e of [a, b]) {
      if (e.ns) run("ip", ["link", "set", e.dev, "netns", e.ns]);
      const n = e.ns ? ["-n", e.ns] : [];
      run("ip", [...n, "addr", "add", `${e.addr}/30`, "dev", e.dev]);
      run("ip", [...n, "link", "set", e.dev, "up"]);
    }
  } catch (e) {
    destroy();
    throw e;
  }
  const endOf = (end: End) => (end === "a" ? a : b);
  const tc = (e: LinkEnd, args: string[]) => {
    const [c, x] = inNs(e.ns, "tc", args);
    return [c, x] as const;
  };
  /** Rules of one end (in its namespace, or tagged in the root one) for one purpose. */
  const setRules = (e: LinkEnd, tag: string, rules: string[][], target: readonly string[] = ["DROP"]) => {
    const comment = `netlab-${process.pid}-${e.dev}-${tag}`;
    // Remove what this tag had.
    for (;;) {
      const [c, x] = inNs(e.ns, "iptables", ["-w", "-S", "OUTPUT"]);
      const listed = spawnSync(c, x, { encoding: "utf8" }).stdout ?? "";
      const line = listed.split("\n").find((l) => l.includes(comment));
      if (!line) break;
      const del = ["-w", ...line.replace(/^-A /, "-D ").replace(/"/g, "").split(" ")];
      const [c2, x2] = inNs(e.ns, "iptables", del);
      run(c2, x2);
      if (e.ns === null) {
        const i = rootRules.findIndex((r) => r.join(" ").includes(comment));
        if (i >= 0) rootRules.splice(i, 1);
      }
    }
    for (const r of rules) {
      const rule = ["OUTPUT", "-o", e.dev, ...r, "-m", "comment", "--comment", comment, "-j", ...target];
      const [c, x] = inNs(e.ns, "iptables", ["-w", "-I", ...rule]);
      run(c, x);
      if (e.ns === null) rootRules.push(rule);
    }
  };

  const link: Link = {
    a,
    b,
    impair(end, what) {
      const e = endOf(end);
      const { delayMs = 0, jitterMs = 0, lossPct = 0, reorderPct = 0 } = what;
      for (const [k, v] of Object.entries(what))
        if (typeof v !== "number" || !(v >= 0) || (k.endsWith("Pct") && v > 100))
          throw new Error(`netlab: ${k} must be a number ≥ 0${k.endsWith("Pct") ? " and ≤ 100" : ""}, not ${v}`);
      if (reorderPct > 0 && delayMs === 0)
        throw new Error("netlab: reorderPct needs delayMs (netem reorders by sending some packets without the delay)");
      const [dc, dx] = tc(e, ["qdisc", "del", "dev", e.dev, "root"]);
      quiet(dc, dx);
      setRules(e, "loss", []);
      const needsNetem = delayMs > 0 || jitterMs > 0 || reorderPct > 0;
      if (needsNetem || (lossPct > 0 && netemUsable())) {
        if (!netemUsable()) throw new NetemUnavailable();
        const args = ["qdisc", "add", "dev", e.dev, "root", "netem"];
        if (delayMs > 0 || jitterMs > 0) args.push("delay", `${delayMs}ms`, ...(jitterMs > 0 ? [`${jitterMs}ms`] : []));
        if (lossPct > 0) args.push("loss", `${lossPct}%`);
        if (reorderPct > 0) args.push("reorder", `${reorderPct}%`);
        const [c, x] = tc(e, args);
        run(c, x);
      } else if (lossPct > 0) {
        setRules(e, "loss", [["-m", "statistic", "--mode", "random", "--probability", String(lossPct / 100)]]);
      }
    },
    drop(end, on, match) {
      const ports = match
        ? ["-p", "tcp", ...(match.sport ? ["--sport", String(match.sport)] : []), ...(match.dport ? ["--dport", String(match.dport)] : [])]
        : [];
      const tag = match ? `drop${match.sport ?? ""}-${match.dport ?? ""}` : "drop";
      setRules(endOf(end), tag, on ? [ports] : []);
    },
    reset(end, on, match) {
      const ports = [
        "-p",
        "tcp",
        ...(match.sport ? ["--sport", String(match.sport)] : []),
        ...(match.dport ? ["--dport", String(match.dport)] : []),
      ];
      setRules(endOf(end), `reset${match.sport ?? ""}-${match.dport ?? ""}`, on ? [ports] : [], ["REJECT", "--reject-with", "tcp-reset"]);
    },
    exec(end, cmd, args = [], options = {}) {
      const e = endOf(end);
      const [c, x] = inNs(e.ns, cmd, args);
      const child = spawn(c, x, options);
      children.add(child);
      child.once("exit", () => children.delete(child));
      return child;
    },
    destroy,
  };
  return link;
}
