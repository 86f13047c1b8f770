/**
 * Property: for every game, the replay viewer's timeline of a random game's log reproduces the
 * stored final standings exactly, and every frame it shows (stepping back, jumping to a round)
 * is the state a fresh replay of that many steps reaches. A tampered log opens no replay.
 * Prints its seed; PROP_SEED reproduces, PROP_REPLAY_GAMES sets games per game.
 */
import { describe, expect, it } from "vitest";
import { GAME_IDS } from "../protocol.ts";
import { replaySteps } from "../recorded-match.ts";
import { createRng } from "../rng.ts";
import { propertySeed } from "../testkit/property.ts";
import { canonicalJson, dealSeedOf } from "./game-log.ts";
import { describeStep, openReplay } from "./replay.ts";
import { playLogged } from "./test-support.ts";

const GAMES = Number(process.env["PROP_REPLAY_GAMES"] ?? 25);

describe("replays of every game", () => {
  const seed = propertySeed("replay", process.env, () => Math.random().toString(36).slice(2, 10));

  it.each(GAME_IDS)(`%s: ${GAMES} random games replay to the stored standings, frame by frame`, (game) => {
    let frames = 0;
    for (let i = 0; i < GAMES; i++) {
      const gameSeed = `${seed}/${game}/${i}`;
      const rng = createRng(`${gameSeed}#replay`);
      const played = playLogged(game, gameSeed, createRng(`${gameSeed}#options`), i);
      const opened = openReplay(played.log);
      if (!opened.ok) throw new Error(`${game} game ${i} (seed ${gameSeed}) did not open: ${opened.code}: ${opened.reason}`);
      const replay = opened.replay;
      expect(replay.frames.length).toBe(played.log.steps.length + 1);
      // The final standings, exactly as stored, and the final state, exactly as played.
      expect(canonicalJson(replay.outcome)).toBe(canonicalJson(played.log.outcome));
      expect(replay.outcomeAt(replay.last - 1)).toBeNull();
      expect(JSON.stringify(replay.at(replay.last).state)).toBe(JSON.stringify(played.state));
      // A frame picked at random (as a step back or a jump lands) is what replaying that many steps gives.
      const at = rng.int(replay.frames.length);
      const fresh = replaySteps(
        played.engine,
        replay.game.optionsSchema.parse(played.log.options),
        dealSeedOf(played.log),
        played.log.startedAt,
        played.log.steps.slice(0, at),
      );
      if (!fresh.ok) throw new Error(fresh.reason);
      expect(JSON.stringify(replay.at(at).state)).toBe(JSON.stringify(fresh.state));
      expect(replay.at(at).step).toEqual(at === 0 ? null : played.log.steps[at - 1]);
      expect(describeStep(replay.at(at).step)).not.toBe("");
      // Jumping to a round lands on its first frame; rounds are in order.
      for (const r of replay.rounds) {
        expect(replay.at(replay.roundStart(r.round)).round).toBe(r.round);
        if (r.frame > 0) expect(replay.at(r.frame - 1).round).not.toBe(r.round);
      }
      expect(replay.rounds.map((r) => r.round)).toEqual([...replay.rounds.map((r) => r.round)].sort((a, b) => a - b));
      // All hands open: each seat's hand as its own view showed it; a spectator sees none.
      const hands = replay.hands(at);
      hands.forEach((hand, seat) => expect(hand).toEqual(replay.view(at, seat).you?.hand ?? []));
      expect(replay.view(at, null).you).toBeNull();
      frames += replay.frames.length;
    }
    const tampered = playLogged(game, `${seed}/${game}/tampered`, createRng(`${seed}#t`), 0).log;
    expect(openReplay({ ...tampered, seed: tampered.seed.replace(/^./, (c) => (c === "a" ? "b" : "a")) })).toMatchObject({
      ok: false,
      code: "commitment-mismatch",
    });
    console.log(`[replay] ${game}: ${GAMES} games, ${frames} frames`);
  });
});
