/** The bot: a sensible policy that only ever picks legal actions. */
import { describe, expect, it } from "vitest";
import { createRng } from "../../rng.ts";
import { play } from "../../testkit/scenario.ts";
import { devilsScat as game } from "./index.ts";
import { knockThenPass, scenario } from "./test-support.ts";

const rng = createRng("bot-test");

describe("bot", () => {
  it("takes the top discard when it improves the hand", () => {
    const s = scenario({ hands: ["KH 9H 7S", "AS 6G 8W"], discard: "QH", deck: "6X" });
    expect(game.bot(s, 0, rng)).toEqual({ type: "drawDiscard" });
  });

  it("draws from the deck when the discard does not help", () => {
    const s = scenario({ hands: ["KH 9H 7S", "AS 6G 8W"], discard: "6W", deck: "6X" });
    expect(game.bot(s, 0, rng)).toEqual({ type: "drawDeck" });
  });

  it("takes a discard that makes a Scat even over knocking", () => {
    const s = scenario({ hands: ["KH QH 9H", "AS 6G 8W"], discard: "AH", deck: "6X" });
    expect(game.bot(s, 0, rng)).toEqual({ type: "drawDiscard" });
  });

  it("knocks on a strong hand and not on a weak one", () => {
    expect(game.bot(scenario({ hands: ["KH QH 7H", "AS 6G 8W"], discard: "6W" }), 0, rng)).toEqual({ type: "knock" });
    expect(game.bot(scenario({ hands: ["KH QH 6S", "AS 6G 8W"], discard: "6W" }), 0, rng)).toEqual({ type: "drawDeck" });
  });

  it("knocks lower in classic scoring (it only needs to beat one hand)", () => {
    const s = scenario({ hands: ["KH QH 6H", "AS 6G 8W"], discard: "6W", options: { classic: true } });
    expect(game.bot(s, 0, rng)).toEqual({ type: "knock" });
  });

  it("does not knock after someone else knocked", () => {
    const s = play(game, scenario({ hands: ["AS 6G 8W", "KH QH 7H"], discard: "6W" }), [[0, { type: "knock" }]]).state;
    expect(game.bot(s, 1, rng)?.type).not.toBe("knock");
  });

  it("discards what keeps the best value, never the card taken from the discard pile", () => {
    const s = play(game, scenario({ hands: ["KH 9H 7S", "AS 6G 8W"], discard: "QH", deck: "6X" }), [[0, { type: "drawDiscard" }]]).state;
    expect(game.bot(s, 0, rng)).toEqual({ type: "discard", card: "7S" });
  });

  it("continues after a round and has nothing to do out of turn", () => {
    const s = scenario({ hands: ["KH 9H 7S", "AS 6G 8W"] });
    expect(game.bot(s, 1, rng)).toBeNull();
    const done = play(game, s, knockThenPass(s)).state;
    expect(game.bot(done, 1, rng)).toEqual({ type: "continue" });
  });

  it("plays whole games among bots to a winner", () => {
    for (const seats of [2, 3, 4, 5, 6]) {
      let state = game.setup(
        { seats, turnMs: 30_000, pauseMs: 0, bootASuit: false, classic: seats % 2 === 0 },
        { now: 0, rng: createRng(`g${seats}`) },
      ).state;
      for (let i = 0; i < 5_000 && game.outcome(state) === null; i++) {
        const seat = game.awaiting(state)[0] as number;
        const action = game.bot(state, seat, rng);
        expect(game.legalActions(state, seat)).toContainEqual(action);
        const r = game.apply(state, seat, action!, { now: i, rng: createRng(`g${seats}#${i}`) });
        if (!r.ok) throw new Error(r.error.code);
        state = r.value.state;
      }
      expect(game.outcome(state)?.winners).toHaveLength(1);
    }
  });
});
