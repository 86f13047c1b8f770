/**
 * A cut of the link between one server process and Redis, while the process's players still
 * reach it. Process A reaches Redis through a local proxy (freezable-proxy.ts) on its own port;
 * the cut is made one of two ways:
 *
 * - `iptables` (as root, the default there): DROP rules on the loopback for that port, both
 *   ways, as a real network drops packets: TCP retransmits with back-off, so after the heal the
 *   connection comes back only at the next retransmission (up to seconds later);
 * - `proxy`: the proxy stops forwarding (nothing closed) and delivers what waited on the heal.
 *
 * Or (`netns`, the default as root where tools/netlab works) process A runs in its own network
 * namespace behind a veth link (tools/netlab/), and the cut drops what Redis sends A on the
 * Redis side of that link: A's players (through nginx, the same link) still reach it.
 *
 * `CUT_MODE=netns|proxy|iptables` chooses. Rules are removed on heal, on `cleanup`, and at exit.
 */
import { execFileSync, spawnSync } from "node:child_process";
import type { Link } from "../../../tools/netlab/netlab.ts";
import type { FreezableProxy } from "./freezable-proxy.ts";

export interface LinkCut {
  readonly mode: "iptables" | "proxy" | "netns";
  start(): void;
  heal(): void;
  cleanup(): void;
}

function iptablesUsable(): boolean {
  if (process.getuid?.() !== 0) return false;
  return spawnSync("iptables", ["-w", "-L", "INPUT", "-n"], { stdio: "ignore" }).status === 0;
}

export function linkCut(proxy: FreezableProxy): LinkCut {
  const wanted = process.env.CUT_MODE;
  const mode = wanted === "proxy" || wanted === "iptables" ? wanted : iptablesUsable() ? "iptables" : "proxy";
  if (mode === "proxy") return { mode, start: () => proxy.freeze(), heal: () => proxy.thaw(), cleanup: () => proxy.thaw() };
  const port = String(proxy.port);
  const rules = [
    ["INPUT", "-i", "lo", "-p", "tcp", "--dport", port, "-j", "DROP"],
    ["INPUT", "-i", "lo", "-p", "tcp", "--sport", port, "-j", "DROP"],
  ];
  let on = false;
  const remove = () => {
    for (const r of rules)
      while (spawnSync("iptables", ["-w", "-D", ...r], { stdio: "ignore" }).status === 0) {
        /* every copy */
      }
    on = false;
  };
  const atExit = () => {
    if (on) remove();
  };
  process.once("exit", atExit);
  return {
    mode,
    start() {
      on = true;
      for (const r of rules) execFileSync("iptables", ["-w", "-I", ...r]);
    },
    heal: remove,
    cleanup() {
      remove();
      process.off("exit", atExit);
    },
  };
}

/** The cut on a netlab link: Redis's packets to A dropped on the Redis (root) side. */
export function netnsCut(link: Link, redisPort: number): LinkCut {
  return {
    mode: "netns",
    start: () => link.drop("a", true, { sport: redisPort }),
    heal: () => link.drop("a", false, { sport: redisPort }),
    cleanup: () => link.drop("a", false, { sport: redisPort }),
  };
}
