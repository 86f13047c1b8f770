// The load of bench:signin, on its own thread so that the measuring players' event loop is not the
// one busy sending it. Plain JavaScript (fetch only). workerData: { url, kind, ... }; posts back a summary.
import { execFileSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

// Unless FLOOD_IDLE=0: this thread in the SCHED_IDLE class, so that the attacker's generator, on the
// measuring players' core (two cores here), never delays their reading of a patch.
if (workerData.idle) {
  try {
    execFileSync("chrt", ["--idle", "--pid", "0", readlinkSync("/proc/thread-self").split("/").pop()], { stdio: "ignore" });
  } catch {
    /* no chrt */
  }
}

const { url, kind } = workerData;
const counts = (statuses) =>
  [...new Set(statuses)]
    .sort()
    .map((s) => `${statuses.filter((x) => x === s).length}×${s}`)
    .join(", ");
const t0 = performance.now();
const statuses = [];

if (kind === "sign-in") {
  // `total` wrong sign-ins at `rate`/s, round-robin over `addresses` addresses, each for its own unknown username.
  // `round` (the benchmark's ROUNDS) gives each round its own addresses and usernames, so no limit met in one round carries into the next.
  const { total, rate, addresses, round = 0 } = workerData;
  const sent = [];
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const from = `10.${250 - round}.${(i % addresses) >> 8}.${(i % addresses) & 255}`;
    sent.push(
      fetch(`${url}/api/accounts/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": from },
        body: JSON.stringify({ username: `flood_${round}_${i}`, password: `guess number ${i}` }),
      }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => 0,
      ),
    );
  }
  statuses.push(...(await Promise.all(sent)));
  const secs = (performance.now() - t0) / 1000;
  parentPort.postMessage(`${total} wrong sign-ins from ${addresses} addresses in ${secs.toFixed(1)} s: ${counts(statuses)}`);
} else {
  // `readers` addresses, each with `inFlight` reads in flight, for `ms`; with `bust`, each URL made unique (a query string) so that none is answered from the server's memory.
  const { readers, inFlight, ms, bust } = workerData;
  const paths = ["/leaderboard/devils_scat", "/players/nobody", "/matches/none/log", "/leaderboard/skit_scat"];
  const end = t0 + ms;
  const loop = async (from, k) => {
    for (let i = k; performance.now() < end; i++) {
      const res = await fetch(`${url}/api${paths[i % paths.length]}${bust ? `?n=${k}.${i}` : ""}`, {
        headers: { "x-forwarded-for": from },
      }).catch(() => null);
      statuses.push(res?.status ?? 0);
      await res?.arrayBuffer().catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: readers }, (_, a) => Array.from({ length: inFlight }, (_, k) => loop(`10.251.0.${a}`, k))).flat());
  const secs = (performance.now() - t0) / 1000;
  parentPort.postMessage(
    `${statuses.length} reads from ${readers} addresses (${inFlight} in flight each) in ${secs.toFixed(1)} s (${Math.round(statuses.length / secs)}/s): ${counts(statuses)}`,
  );
}
