/**
 * The lying-client figures, shared by the test of the kit's bounds and
 * `npm run bench:cheat`: for each lie of the kit, against an honest client on the same network,
 * (a) the average advantage (ms) it gets over an honest client with the same true reaction, and
 * (b) the share of races it wins against an honest client 30 ms faster.
 */
import { createRng } from "@scat/shared";
import { NetMonitor, serverNow } from "../../src/realtime/net-monitor.ts";
import { honestRace, LIES, pingAll, race, simClient, type Lie } from "./race-sim.ts";

export interface CheatFigure {
  readonly lie: string;
  readonly advantageMs: number;
  readonly winsVsFaster: number;
  readonly races: number;
}

function match(lie: Lie, seed: string, races: number, honestHeadStartMs: number): { advantage: number[]; cheaterWins: number } {
  const rng = createRng(seed);
  const down = 5 + rng.next() * 145,
    up = 5 + rng.next() * 145,
    jitter = rng.next() * 10;
  const offsetA = (rng.next() - 0.5) * 10_000,
    offsetB = (rng.next() - 0.5) * 10_000;
  const table = new NetMonitor({ transportPings: false });
  const honest = simClient({ down, up, jitter, offset: offsetA }, table);
  const cheater = simClient({ down, up, jitter: lie.ownJitter ?? jitter, offset: offsetB, lie }, table);
  const clients = [honest, cheater];
  let t = serverNow();
  const advantage: number[] = [];
  let cheaterWins = 0;
  for (let r = 0; r < races; r++) {
    // A fresh connection gets the join's quick pings (5) before the race.
    if (lie.rejoin) cheater.rejoin(lie.rejoin);
    const pings = lie.rejoin ? 5 : 3;
    pingAll(clients, t, r, rng, pings);
    t += pings * 1_000;
    const reaction = 250 + rng.next() * 500;
    const out = race(clients, [reaction - honestHeadStartMs, reaction], t, r, rng);
    if (Number.isFinite(out.judged[0]) && Number.isFinite(out.judged[1]))
      advantage.push(out.judged[0]! + honestHeadStartMs - out.judged[1]!);
    if (out.order[0] === 1) cheaterWins++;
    t += 2_000;
  }
  return { advantage, cheaterWins };
}

export function cheatFigures(matches: number, racesPerMatch: number, seed = "cheat"): CheatFigure[] {
  return LIES.map((lie) => {
    const adv: number[] = [];
    let wins = 0;
    for (let m = 0; m < matches; m++) {
      adv.push(...match(lie, `${seed}:${lie.name}:same:${m}`, racesPerMatch, 0).advantage);
      wins += match(lie, `${seed}:${lie.name}:faster:${m}`, racesPerMatch, 30).cheaterWins;
    }
    const mean = adv.reduce((a, b) => a + b, 0) / Math.max(1, adv.length);
    return { lie: lie.name, advantageMs: mean, winsVsFaster: wins / (matches * racesPerMatch), races: matches * racesPerMatch };
  });
}

/** The honest baseline: two honest clients, same true reaction (should be about 0). */
export function honestFigure(matches: number, racesPerMatch: number): CheatFigure {
  const honestLie: Lie = { name: "honest" };
  const [f] = [honestLie].map((lie) => {
    const adv: number[] = [];
    let wins = 0;
    for (let m = 0; m < matches; m++) {
      adv.push(...match(lie, `honest:same:${m}`, racesPerMatch, 0).advantage);
      wins += match(lie, `honest:faster:${m}`, racesPerMatch, 30).cheaterWins;
    }
    return {
      lie: "honest (baseline)",
      advantageMs: adv.reduce((a, b) => a + b, 0) / Math.max(1, adv.length),
      winsVsFaster: wins / (matches * racesPerMatch),
      races: matches * racesPerMatch,
    };
  });
  return f!;
}

/**
 * What the claim quota's starting bucket costs honest players: `races` races between 2-4 honest
 * players each at a table of their own, each race their first (5 pings, then the race), one-way
 * delays 5-150 ms and jitter 0-`jitterMaxMs`. Returns the share of races (truly fastest at least
 * 2 ms ahead) where the truly fastest did not win.
 */
export function freshHonestWrong(races: number, jitterMaxMs: number, seed = "fresh"): { wrong: number; judged: number } {
  const rng = createRng(`${seed}:${jitterMaxMs}`);
  let judged = 0,
    wrong = 0;
  for (let n = 0; n < races; n++) {
    const r = honestRace(rng, jitterMaxMs);
    if (!r || !r.out.order.includes(r.fastest)) continue;
    judged++;
    if (r.out.order[0] !== r.fastest) wrong++;
  }
  return { wrong, judged };
}
