/**
 * One simulated player of `npm run bench:fairness`, run inside its own network namespace
 * (tools/netlab/) so its traffic crosses a real veth link with real packet loss (and, where the
 * kernel has netem, real delay, jitter and reordering). Driven by JSON lines on stdin, answers
 * JSON lines on stdout:
 *   {"join": {table, url, roomId|null, players, seat, upMs, downMs, jitterMs, offsetMs, seed}}
 *     -> {"room": id, table} once seated (the table it created when roomId is null)
 *   then, per race: {"truth": {table, race, seat, reactionMs}}; seat 0 also {"result": <raceResult>, table}
 *   {"leave": true} -> every table left, {"left": true}
 * One process plays this seat at several tables at once (one per `table`).
 * `upMs`/`downMs`/`jitterMs` are applied in this process (order kept, as TCP delivers) only when
 * the link cannot delay packets itself (no netem); then they are 0 on the link.
 * `kind: "call"` plays call races (the lab holds presses as the Dark Hand call race does).
 * The player logic is the slap benchmark's (bench/slap-bench.ts): a log-normal human reaction
 * (median 270 ms) after the next animation frame, a clock offset, claims stamped on its own clock.
 */
import { createInterface } from "node:readline";
import { Client, type Room } from "@colyseus/sdk";
import { createRng } from "@scat/shared";
import { DelayedLink } from "../src/delayed-link.ts";

interface Join {
  table: number;
  url: string;
  roomId: string | null;
  players: number;
  seat: number;
  kind?: "slap" | "call";
  upMs: number;
  downMs: number;
  jitterMs: number;
  offsetMs: number;
  seed: string;
}

const say = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
const rooms: Room[] = [];

async function join(j: Join): Promise<void> {
  const rng = createRng(j.seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  // A call reads three cards first (median 470 ms); a slap reacts to one card (270 ms).
  const median = j.kind === "call" ? 470 : 270;
  const reaction = () => Math.max(120, median * Math.exp(0.22 * gaussian()));
  const client = new Client(j.url);
  const r =
    j.roomId === null
      ? await client.create("slap_lab", { players: j.players, kind: j.kind ?? "slap" })
      : await client.joinById(j.roomId, {});
  rooms.push(r);
  const up = new DelayedLink(j.upMs, j.jitterMs, rng.next);
  const down = new DelayedLink(j.downMs, j.jitterMs, rng.next);
  const clock = () => performance.now() + j.offsetMs;
  // The delays are simulated here, above the WebSocket: the server's ping frames see loopback unless
  // it is told the link (honoured by a DELAY_SIMULATED server only), as the claim quota's jitter
  // allowance reads the transport's round trips.
  if (j.upMs + j.downMs > 0) r.send("simulateLink", { rttMs: Math.round(j.upMs + j.downMs), jitterMs: j.jitterMs });
  r.onMessage("ping", (m: { s: number }) =>
    down.send(() => {
      const c = clock();
      up.send(() => r.send("pong", { s: m.s, c }));
    }),
  );
  r.onMessage("raceResult", (m: unknown) => {
    if (j.seat === 0) say({ result: m, table: j.table });
  });
  // Epoch stamps (this machine's clock, as the server's `serverNow`) for the bench's account of wrong races.
  const epoch = () => performance.timeOrigin + performance.now();
  r.onMessage("reveal", (m: { race: number }) => {
    const revealReceived = epoch();
    down.send(() => {
      setTimeout(() => {
        const shownAt = clock();
        const shown = epoch();
        const reactionMs = reaction();
        setTimeout(() => {
          const pressed = epoch();
          up.send(() => {
            r.send("slap", { race: m.race, shownAt, pressedAt: shownAt + reactionMs });
            say({
              truth: {
                table: j.table,
                race: m.race,
                seat: j.seat,
                reactionMs,
                revealReceived,
                shown,
                pressed,
                pressSent: epoch(),
                upMs: j.upMs,
                downMs: j.downMs,
                clockMinusEpoch: clock() - epoch(),
              },
            });
          });
        }, reactionMs);
      }, rng.next() * 16);
    });
  });
  say({ room: r.roomId, table: j.table });
}

for await (const line of createInterface({ input: process.stdin })) {
  const cmd = JSON.parse(line) as { join?: Join; leave?: true };
  try {
    if (cmd.join) await join(cmd.join);
    if (cmd.leave) {
      await Promise.all(rooms.splice(0).map((r) => r.leave().catch(() => undefined)));
      say({ left: true });
    }
  } catch (e) {
    say({ error: (e as Error).message });
  }
}
