/**
 * `npm run bench:humane [-- races=N hands=N]`: are the bots humane? Two figures per strength, the
 * bots as they landed before and as they are now, side by side in one run:
 *
 * (a) Races: the share a simulated person (reaction log-normal, median 400 ms, `PERSON`) wins
 *     against one bot, per race (Hit the Deck's slap, Dark Hand's call), over N seeded draws.
 *     The landed distributions are kept below (`LANDED`) as they were.
 * (b) Scatterbrain: over N seeded hands with a person at seat 0 (a newcomer: the easy bot's play,
 *     `person=normal` for a steadier one) and three bots of one strength, how often the bots name
 *     the person's hole card before the person's first guess turn (or the hand's end). Landed:
 *     every strength remembered every face-up card (`keep` 1).
 *
 * Seeded and clock-free: the same command prints the same figures.
 */
import { botMove } from "../src/bots/index.ts";
import { gaussian, PERSON, reactionMs, sampleMs, type RaceKind } from "../src/bots/reaction.ts";
import { forgetfulScatterbrainMove, RECALL } from "../src/bots/recall.ts";
import { BOT_STRENGTHS, type BotStrength } from "../src/bots/strength.ts";
import { scatterbrain } from "../src/games/scatterbrain/index.ts";
import type { ScatterbrainState } from "../src/games/scatterbrain/state.ts";
import { createRng, type Rng } from "../src/rng.ts";

const arg = (name: string, dflt: string): string => process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1) ?? dflt;
const RACES = Number(arg("races", "20000"));
const HANDS = Number(arg("hands", "300"));
/** person=easy|normal: the person's play (default easy: a newcomer, the normal bot's play with easy's mistakes). */
const PERSON_PLAY = arg("person", "easy") as BotStrength;

/** The bots' reaction times as they landed before (median 270 ms x strength; Dark Hand 550-1450 ms for all). */
const LANDED: Record<RaceKind, (rng: Rng, strength: BotStrength) => number> = {
  slap: (rng, strength) => {
    const { scale, distracted } = {
      easy: { scale: 1.5, distracted: 0.15 },
      normal: { scale: 1, distracted: 0.06 },
      strong: { scale: 0.85, distracted: 0.02 },
    }[strength];
    let ms = 270 * scale * Math.exp(0.22 * gaussian(rng));
    if (rng.next() < distracted) ms += 300 + 2_500 * rng.next();
    return Math.max(130, Math.round(ms));
  },
  call: (rng) => 550 + rng.next() * 900,
};

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function raceShare(
  race: RaceKind,
  strength: BotStrength,
  bot: (rng: Rng, strength: BotStrength) => number,
): { wins: number; medianMs: number } {
  const rng = createRng(`humane:${race}:${strength}`);
  let wins = 0;
  const xs: number[] = [];
  for (let i = 0; i < RACES; i++) {
    const person = sampleMs(rng, PERSON);
    const b = bot(rng, strength);
    xs.push(b);
    if (person < b) wins++;
  }
  xs.sort((a, b) => a - b);
  return { wins: wins / RACES, medianMs: xs[Math.floor(RACES / 2)]! };
}

/** One hand: does a bot name seat 0's hole card before seat 0's first guess turn? null: no hole card chosen (a mercy hand). */
function holeFound(seed: string, strength: BotStrength, landed: boolean): boolean | null {
  const game = scatterbrain;
  let now = 0;
  const engineRng = createRng(`${seed}:engine`);
  const ctx = () => ({ now, rng: engineRng });
  let s = game.setup(game.optionsSchema.parse({ seats: 4 }), ctx()).state as ScatterbrainState;
  for (let step = 0; step < 5_000; step++) {
    if (s.out[0]) return true;
    if (s.hand !== 1 || s.phase === "handOver" || s.phase === "gameOver")
      return s.holes[0] === null && s.result?.endedBy === "mercy" ? null : false;
    if (s.phase === "guess" && s.turn === 0) return false;
    let moved = false;
    for (const seat of game.awaiting(s)) {
      const rng = createRng(`${seed}:bot:${s.version}:${seat}`);
      const who: BotStrength = seat === 0 ? PERSON_PLAY : strength;
      const a =
        seat !== 0 && landed && who !== "strong"
          ? forgetfulScatterbrainMove(s, seat, rng, who, 1)
          : botMove("scatterbrain", s, seat, rng, who);
      if (!a) continue;
      const r = game.apply(s, seat, a as never, ctx());
      if (!r.ok) throw new Error(`illegal ${JSON.stringify(a)}: ${r.error.message}`);
      s = r.value.state as ScatterbrainState;
      moved = true;
      break;
    }
    if (!moved) {
      now = Math.max(now, s.deadline ?? now);
      s = game.onDeadline(s, ctx()).state as ScatterbrainState;
    }
  }
  throw new Error(`no end of the hand (seed ${seed})`);
}

function holeShare(strength: BotStrength, landed: boolean): string {
  let found = 0,
    n = 0;
  for (let i = 0; i < HANDS; i++) {
    const f = holeFound(`humane:scatterbrain:${i}`, strength, landed);
    if (f === null) continue;
    n++;
    if (f) found++;
  }
  return `${pct(found / n)} of ${n}`;
}

console.log(
  `bench:humane ${new Date().toISOString().slice(0, 10)}: person median ${PERSON.medianMs} ms, sigma ${PERSON.sigma}; ${RACES} races; ${HANDS} Scatterbrain hands per cell, person plays as ${PERSON_PLAY}\n`,
);
console.log("(a) Races a person wins against one bot (bot's median reaction)\n");
console.log("| race | strength | landed | now |");
console.log("| --- | --- | --- | --- |");
for (const race of ["slap", "call"] as RaceKind[]) {
  for (const strength of BOT_STRENGTHS) {
    const before = raceShare(race, strength, LANDED[race]);
    const after = raceShare(race, strength, (rng, st) => reactionMs(rng, race, st));
    console.log(
      `| ${race} | ${strength} | ${pct(before.wins)} (${Math.round(before.medianMs)} ms) | ${pct(after.wins)} (${Math.round(after.medianMs)} ms) |`,
    );
  }
}
console.log("\n(b) Scatterbrain: bots name the person's hole card before its first guess turn\n");
console.log("| strength | memory | landed | now |");
console.log("| --- | --- | --- | --- |");
for (const strength of BOT_STRENGTHS) {
  console.log(`| ${strength} | ${RECALL[strength]} | ${holeShare(strength, true)} | ${holeShare(strength, false)} |`);
}
