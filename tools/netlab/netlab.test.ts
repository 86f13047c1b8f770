/**
 * netlab builds a link, carries TCP over it, impairs it, cuts it, runs a process inside a
 * namespace, and leaves nothing behind (also when the process that made it dies).
 * Run: `cd server && npx vitest run ../tools/netlab/netlab.test.ts` (as root; skipped otherwise).
 */
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createLab, netemUsable, netlabUsable, NetemUnavailable, type Lab, type Link } from "./netlab.ts";

/** A TCP echo server inside end b of the link, started through `link.exec` (so `ip netns exec` is what is tested). */
async function echoInside(link: Link): Promise<void> {
  const child = link.exec(
    "b",
    process.execPath,
    ["-e", `require("node:net").createServer((s) => s.pipe(s)).listen(7000, "${link.b.addr}", () => console.log("up"))`],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`echo server exited ${code}`)));
  });
}

/** Median round trip of `n` one-byte pings over one TCP connection; null if no connection within `timeoutMs`. */
async function tcpPing(host: string, n: number, timeoutMs = 2_000): Promise<number | null> {
  const s = connect({ host, port: 7000 });
  s.setNoDelay(true);
  const ok = await new Promise<boolean>((resolve) => {
    const t = setTimeout(() => resolve(false), timeoutMs);
    s.once("connect", () => {
      clearTimeout(t);
      resolve(true);
    });
    s.once("error", () => {
      clearTimeout(t);
      resolve(false);
    });
  });
  if (!ok) {
    s.destroy();
    return null;
  }
  const rtts: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    s.write("x");
    await new Promise((r) => s.once("data", r));
    rtts.push(performance.now() - t0);
  }
  s.destroy();
  return rtts.sort((x, y) => x - y)[Math.floor(n / 2)]!;
}

const names = () =>
  spawnSync("ip", ["-o", "link", "show"], { encoding: "utf8" }).stdout + spawnSync("ip", ["netns", "list"], { encoding: "utf8" }).stdout;

describe.skipIf(!netlabUsable())("netlab", () => {
  let lab: Lab;
  afterAll(() => lab?.cleanup());

  it("a link carries TCP; netem delay (or, without netem, iptables loss) and a drop act on it; destroy leaves nothing", async () => {
    lab = createLab();
    const link = lab.link({ a: "root", b: "ns" });
    expect(link.a.ns).toBeNull();
    expect(link.b.ns).toMatch(/^nl\d+x\d+b$/);
    await echoInside(link);
    const base = (await tcpPing(link.b.addr, 5))!;
    expect(base).toBeLessThan(50);
    if (netemUsable()) {
      // Asymmetric: 80 ms a→b only, so a round trip takes 80 ms more.
      link.impair("a", { delayMs: 80 });
      const delayed = (await tcpPing(link.b.addr, 5))!;
      expect(delayed - base).toBeGreaterThan(70);
      expect(delayed - base).toBeLessThan(200);
      link.impair("a", {});
    } else {
      expect(() => link.impair("a", { delayMs: 80 })).toThrow(NetemUnavailable);
      // Loss works without netem: 100% of b's answers dropped, then none.
      link.impair("b", { lossPct: 100 });
      expect(await tcpPing(link.b.addr, 1, 300)).toBeNull();
      link.impair("b", {});
    }
    expect(() => link.impair("a", { lossPct: 120 })).toThrow(/lossPct/);
    // A drop on end a: nothing gets through until it is lifted.
    link.drop("a", true);
    expect(await tcpPing(link.b.addr, 1, 300)).toBeNull();
    link.drop("a", false);
    expect(await tcpPing(link.b.addr, 3)).not.toBeNull();
    const made = [link.a.dev, link.b.ns!];
    link.destroy();
    for (const n of made) expect(names()).not.toContain(n);
    expect(spawnSync("iptables", ["-w", "-S", "OUTPUT"], { encoding: "utf8" }).stdout).not.toContain(`netlab-${process.pid}-`);
  });

  it("a lab left behind by a process killed mid-test is gone at its exit or swept by the next lab", async () => {
    const script = `import { createLab } from ${JSON.stringify(new URL("./netlab.ts", import.meta.url).pathname)};
      const l = createLab().link({ a: "root", b: "ns" }); l.drop("a", true); console.log(l.b.ns); process.exit(3);`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    const ns = r.stdout.trim();
    expect(ns, r.stderr).toMatch(/^nl\d+x\d+b$/);
    expect(names()).not.toContain(ns);
    // SIGKILL gives no exit handler a chance: the next lab sweeps it.
    const killed = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script.replace("process.exit(3)", "process.kill(process.pid, 'SIGKILL')")],
      { encoding: "utf8" },
    );
    const orphan = killed.stdout.trim();
    expect(orphan, killed.stderr).toMatch(/^nl\d+x\d+b$/);
    expect(names()).toContain(orphan);
    createLab().cleanup();
    expect(names()).not.toContain(orphan);
    expect(spawnSync("iptables", ["-w", "-S", "OUTPUT"], { encoding: "utf8" }).stdout).not.toMatch(
      new RegExp(`netlab-${orphan.match(/\d+/)![0]}-`),
    );
  });
});
