import { describe, expect, it } from "vitest";
import { ENGINES } from "../games/registry.ts";
import type { GameId } from "../protocol.ts";
import { createRng, rngFor } from "../rng.ts";
import { sortCards } from "../games/dark-hearts/cards.ts";
import { passTarget } from "../games/dark-hearts/options.ts";
import type { DarkHeartsState } from "../games/dark-hearts/state.ts";
import { darkHeartsDeterminizer } from "./dark-hearts.ts";
import { HIDDEN, drawPileDeterminizer } from "./determinize.ts";
import { botMove, SEARCH } from "./index.ts";
import { playBotGame } from "./play.ts";
import type { BotStrength } from "./strength.ts";
import type { HandState } from "../games/dark-hand/state.ts";
import type { ScatterbrainState } from "../games/scatterbrain/state.ts";
import { hidingOpponents } from "../games/scatterbrain/legal.ts";
import { discardOptions } from "../games/scatterbrain/bot.ts";
import { DrawPileMemory } from "./memory.ts";
import { explainsTurns, skitScatDeterminizer } from "./skit-scat.ts";
import { holeBelief } from "./scatterbrain.ts";
import { beliefOf, HEADS_UP, skitScatStrongMove } from "./skit-scat-strong.ts";
import { cardIndices, explains, fastTurns } from "./skit-scat-model.ts";

const BUDGET = { samples: 4, maxSteps: 200 };
const SEARCHED = Object.keys(SEARCH) as GameId[];
const DRAW_PILE: GameId[] = ["devils_scat", "skit_scat", "dark_hand"];

/** A state some turns into a seeded game where `seat` has a real choice (and `when` holds). */
function midGame(
  gameId: GameId,
  seed: string,
  when: (s: never) => boolean = () => true,
): { state: { hands: string[][]; deck: string[]; version: number }; seat: number } {
  const game = ENGINES[gameId];
  let step = 0;
  let s = game.setup(game.optionsSchema.parse({ seats: 3, turnMs: 30_000 }), { now: 0, rng: rngFor(seed, step++) }).state;
  for (let i = 0; i < 200; i++) {
    const seat = game.awaiting(s)[0] as number;
    if (i >= 4 && game.legalActions(s, seat).length > 1 && when(s as never)) return { state: s, seat };
    const r = game.apply(s, seat, game.bot(s, seat, createRng(`${i}`)), { now: 0, rng: rngFor(seed, step++) });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  throw new Error("no choice found");
}

describe("bots at three strengths", () => {
  it.each(DRAW_PILE)(
    "%s: the strong bot's input is what the seat sees: swapping hidden cards changes neither its knowledge nor its move",
    (gameId) => {
      const game = ENGINES[gameId];
      const { state, seat } = midGame(gameId, `iso:${gameId}`);
      // Same view for `seat`, different hidden cards: the others' hands and the deck reshuffled.
      const hidden = [...state.hands.flatMap((h, i) => (i === seat ? [] : h)), ...state.deck];
      const pool = createRng("other deal").shuffle(hidden);
      const other = structuredClone(state);
      let k = 0;
      other.hands = state.hands.map((h, i) => (i === seat ? h.slice() : h.map(() => pool[k++]!)));
      other.deck = state.deck.map(() => pool[k++]!);
      expect(other.hands).not.toEqual(state.hands);
      expect(game.view(other, seat)).toEqual(game.view(state, seat));

      const a = drawPileDeterminizer.mask(state as never, seat);
      const b = drawPileDeterminizer.mask(other as never, seat);
      expect(a).toEqual(b);
      expect(JSON.stringify(a.state)).not.toContain(state.hands[(seat + 1) % 3]![0]! + '"'); // another's card is not in it as such
      expect((a.state as { hands: string[][] }).hands[(seat + 1) % 3]!.every((c) => c === HIDDEN)).toBe(true);
      expect(botMove(gameId, state, seat, createRng("x"), "strong", BUDGET)).toEqual(
        botMove(gameId, other, seat, createRng("x"), "strong", BUDGET),
      );
    },
  );

  it.each(DRAW_PILE)("%s: a sampled deal keeps the seat's hand, every count, and deals exactly the unseen cards", (gameId) => {
    const { state, seat } = midGame(gameId, `fill:${gameId}`);
    const determinizer = gameId === "skit_scat" ? skitScatDeterminizer : SEARCH[gameId]!.determinizer;
    const known = determinizer.mask(state, seat);
    const deal = determinizer.fill(known, createRng("d")) as unknown as typeof state;
    expect(deal.hands[seat]).toEqual(state.hands[seat]);
    expect(deal.hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
    expect(deal.deck.length).toBe(state.deck.length);
    const dealt = [...deal.hands.flatMap((h, i) => (i === seat ? [] : h)), ...deal.deck].sort();
    expect(dealt).toEqual([...known.unseen]);
  });

  it.each([...SEARCHED, "skit_scat" as const])(
    "%s: the strong bot's move is legal and the same for the same seed and sample count",
    (gameId) => {
      const { state, seat } = midGame(gameId, `same:${gameId}`, (s: { phase: string }) => s.phase === "turn" || s.phase === "play");
      const move = botMove(gameId, state, seat, createRng("same"), "strong", BUDGET);
      expect(ENGINES[gameId].legalActions(state, seat)).toContainEqual(move);
      expect(botMove(gameId, state, seat, createRng("same"), "strong", BUDGET)).toEqual(move);
    },
  );

  it("Dark Hearts: the strong bot knows where its passed cards went and nothing else of other hands", () => {
    const { state, seat } = midGame(
      "dark_hearts",
      "dh",
      (s: DarkHeartsState) => s.phase === "play" && s.passDirection !== "hold" && s.tricksPlayed === 0,
    ) as unknown as { state: DarkHeartsState; seat: number };
    const to = passTarget(seat, state.passDirection, state.options.seats);
    const passed = state.passes[seat]!.filter((c) => state.hands[to]!.includes(c));
    expect(passed.length).toBeGreaterThan(0);
    const known = darkHeartsDeterminizer.mask(state, seat);
    expect(known.unseen).not.toContain(passed[0]);
    for (let i = 0; i < state.options.seats; i++)
      if (i !== seat)
        expect(known.unseen.filter((c) => state.hands[i]!.includes(c)).length).toBe(
          state.hands[i]!.length - (i === to ? passed.length : 0),
        );
    // Others' hidden cards swapped among them (the passed ones stay): the same knowledge and move.
    const others = [0, 1, 2].filter((i) => i !== seat);
    const pool = createRng("swap").shuffle(others.flatMap((i) => state.hands[i]!.filter((c) => !passed.includes(c))));
    const other = structuredClone(state);
    let k = 0;
    for (const i of others) other.hands[i] = sortCards(state.hands[i]!.map((c) => (passed.includes(c) ? c : pool[k++]!)));
    other.passes = state.passes.map((p, i) => (i === seat ? p : p && p.map((c, j) => `${c}${j}`)));
    expect(darkHeartsDeterminizer.mask(other, seat)).toEqual(known);
    expect(botMove("dark_hearts", other, seat, createRng("x"), "strong", BUDGET)).toEqual(
      botMove("dark_hearts", state, seat, createRng("x"), "strong", BUDGET),
    );
    const deal = darkHeartsDeterminizer.fill(known, createRng("d"));
    expect(deal.hands[to]).toEqual(expect.arrayContaining(passed));
    expect(deal.hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
  });

  it("duplicate deals: the same seed deals the same first hands whoever sits where", () => {
    // (checked through the first hand result: both games play the same cards at the start)
    const a = playBotGame("devils_scat", ["normal", "easy"], "dup", BUDGET);
    const b = playBotGame("devils_scat", ["easy", "normal"], "dup", BUDGET);
    expect(a.firstDeal).toEqual(b.firstDeal);
  });

  it("every strength plays whole games of every game to the end with legal moves, deterministically under a seed", () => {
    for (const gameId of Object.keys(ENGINES) as GameId[]) {
      const strengths: BotStrength[] = SEARCHED.includes(gameId) ? ["easy", "normal"] : ["easy", "strong"];
      while (strengths.length < ENGINES[gameId].minSeats) strengths.push("normal");
      const g = playBotGame(gameId, strengths, `t:${gameId}`, BUDGET);
      expect(g.winners.length).toBeGreaterThan(0);
      expect(playBotGame(gameId, strengths, `t:${gameId}`, BUDGET).winners).toEqual(g.winners);
    }
    const strong = playBotGame("devils_scat", ["strong", "easy"], "t:strong", { samples: 2, maxSteps: 100 });
    expect(playBotGame("devils_scat", ["strong", "easy"], "t:strong", { samples: 2, maxSteps: 100 }).winners).toEqual(strong.winners);
  });
});

/** A seeded game of normal bots, fed to a table memory; calls `at` on every state (until it says stop). */
function playObserved(gameId: GameId, seats: number, seed: string, at: (s: never, memory: DrawPileMemory) => boolean | void): void {
  const game = ENGINES[gameId];
  let s = game.setup(game.optionsSchema.parse({ seats, turnMs: 30_000 }), { now: 0, rng: rngFor(seed, 0) }).state;
  const memory = new DrawPileMemory();
  memory.observe(s);
  for (let i = 1; i < 2000 && !game.outcome(s); i++) {
    if (at(s as never, memory) === true) return;
    const seat = game.awaiting(s)[0];
    const r =
      seat === undefined
        ? { ok: true as const, value: game.onDeadline(s, { now: 0, rng: rngFor(seed, i) }) }
        : game.apply(s, seat, game.bot(s, seat, createRng(`${seed}:${i}`)), { now: 0, rng: rngFor(seed, i) });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
    memory.observe(s);
  }
}

describe("Skit Scat: the strong bot's table memory and opponent model", () => {
  it("a card an opponent took from the discard pile is in its hand in every sampled deal; a card on the pile never is in a hand", () => {
    let checked = 0;
    for (const seed of ["mem:1", "mem:2", "mem:3"]) {
      playObserved("skit_scat", 3, seed, (s: HandState, memory) => {
        if (s.phase !== "turn" || s.step !== "draw") return;
        const seat = s.turn;
        const others = [0, 1, 2].filter((i) => i !== seat && memory.held(i).length > 0);
        if (others.length === 0) return;
        const known = skitScatDeterminizer.mask(s, seat, memory);
        for (const i of others) expect(known.unseen).not.toEqual(expect.arrayContaining(memory.held(i)));
        for (let k = 0; k < 8; k++) {
          const deal = skitScatDeterminizer.fill(known, createRng(`${seed}:${k}`));
          for (const i of others) expect(deal.hands[i]).toEqual(expect.arrayContaining([...memory.held(i)]));
          const inHands = new Set(deal.hands.flat());
          for (const c of s.discard) expect(inHands.has(c)).toBe(false);
          expect(deal.hands.map((h) => h.length)).toEqual(s.hands.map((h) => h.length));
          expect([...deal.hands.flat(), ...deal.deck].sort()).toEqual([...s.hands.flat(), ...s.deck].sort());
        }
        checked += 1;
        return checked >= 12;
      });
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("the memory keeps only what was taken and not let go, and forgets it when the next hand is dealt", () => {
    let sawTaken = false;
    let sawNewHand = false;
    let round = -1;
    playObserved("skit_scat", 2, "mem:clear", (s: HandState, memory) => {
      const held = [0, 1].flatMap((i) => memory.held(i).map((c) => [i, c] as const));
      for (const [i, c] of held) {
        expect(s.hands[i]).toContain(c); // the memory is right: the card is really there
        expect(s.discard).not.toContain(c);
        sawTaken = true;
      }
      if (s.round !== round) {
        if (round >= 0) sawNewHand = true;
        round = s.round;
        if (s.phase === "turn" && s.step === "draw" && s.drawnFrom === null) expect(held).toEqual([]);
      }
      return sawTaken && sawNewHand;
    });
    expect(sawTaken && sawNewHand).toBe(true);
  });

  it("the opponent model never rules out the real hand of a player who plays like the normal bot", () => {
    let checked = 0;
    for (const seed of ["model:1", "model:2"]) {
      playObserved("skit_scat", 2, seed, (s: HandState, memory) => {
        if (s.phase !== "turn" || s.step !== "draw") return;
        const other = 1 - s.turn;
        const turns = memory.turns(other);
        if (turns.length === 0) return;
        expect(explainsTurns(s, turns, s.hands[other]!)).toBe(true);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("with the memory, the strong move is legal and the same for the same seed and sample count", () => {
    let checked = 0;
    playObserved("skit_scat", 2, "mem:move", (s: HandState, memory) => {
      if (s.phase !== "turn" || memory.turns(1 - s.turn).length < 2) return;
      const move = botMove("skit_scat", s, s.turn, createRng("m"), "strong", BUDGET, memory);
      expect(ENGINES.skit_scat.legalActions(s, s.turn)).toContainEqual(move);
      expect(botMove("skit_scat", s, s.turn, createRng("m"), "strong", BUDGET, memory)).toEqual(move);
      checked += 1;
      return checked >= 4;
    });
    expect(checked).toBe(4);
  });
});

describe("Skit Scat: the strong bot (skit-scat-strong.ts)", () => {
  it("heads-up, its move is legal, the same for the same seed, and the same for two states with the same view", () => {
    let checked = 0;
    for (const seed of ["ss:view:1", "ss:view:2"]) {
      playObserved("skit_scat", 2, seed, (s: HandState, memory) => {
        if (s.phase !== "turn" || (s.step !== "draw" && s.step !== "discard") || memory.turns(1 - s.turn).length < 2) return;
        const seat = s.turn;
        const move = botMove("skit_scat", s, seat, createRng("v"), "strong", BUDGET, memory);
        expect(ENGINES.skit_scat.legalActions(s, seat)).toContainEqual(move);
        expect(botMove("skit_scat", s, seat, createRng("v"), "strong", BUDGET, memory)).toEqual(move);
        // The opponent's unseen cards swapped with the deck's (its known pickups stay): the same move.
        const opp = 1 - seat;
        const held = memory.held(opp);
        const hidden = [...s.hands[opp]!.filter((c) => !held.includes(c)), ...s.deck];
        const pool = createRng(`${seed}:swap:${s.version}`).shuffle(hidden);
        const other = structuredClone(s);
        let k = 0;
        other.hands[opp] = s.hands[opp]!.map((c) => (held.includes(c) ? c : pool[k++]!));
        other.deck = s.deck.map(() => pool[k++]!);
        expect(ENGINES.skit_scat.view(other, seat)).toEqual(ENGINES.skit_scat.view(s, seat));
        expect(botMove("skit_scat", other, seat, createRng("v"), "strong", BUDGET, memory)).toEqual(move);
        checked += 1;
        return checked >= 6 * (seed.endsWith("1") ? 1 : 2);
      });
    }
    expect(checked).toBe(12);
  });

  it("its belief never rules out a normal-bot opponent's real hand, keeps its pickups, and deals no card on the pile", () => {
    let checked = 0;
    playObserved("skit_scat", 2, "ss:belief", (s: HandState, memory) => {
      if (s.phase !== "turn" || s.step !== "discard" || s.skitter !== null) return;
      const opp = 1 - s.turn;
      const turns = memory.turns(opp);
      if (turns.length === 0) return;
      expect(explainsTurns(s, turns, s.hands[opp]!, HEADS_UP.depth)).toBe(true);
      const b = beliefOf(s, s.turn, memory, createRng(`b:${s.version}`));
      expect(b.next.reduce((a, x) => a + x.w, 0)).toBeCloseTo(1);
      for (const { hand } of b.next) {
        expect(hand).toEqual(expect.arrayContaining(memory.held(opp)));
        for (const c of hand) expect(s.discard.includes(c) || s.hands[s.turn]!.includes(c)).toBe(false);
      }
      checked += 1;
      return checked >= 15;
    });
    expect(checked).toBe(15);
  });

  it("its fast opponent model (skit-scat-model.ts) agrees with explainsTurns on real and random hands", () => {
    let checked = 0;
    let fits = 0;
    for (const [seats, seed] of [
      [2, "fast:1"],
      [3, "fast:2"],
    ] as const) {
      playObserved("skit_scat", seats, seed, (s: HandState, memory) => {
        if (s.phase !== "turn" || s.step !== "draw") return;
        const rng = createRng(`${seed}:${s.version}`);
        for (let other = 0; other < seats; other++) {
          const turns = memory.turns(other);
          if (other === s.turn || turns.length === 0) continue;
          const fast = fastTurns(s, turns);
          const memo = new Map<number, boolean>(); // shared by the hands, as the belief shares it
          const unseen = [...s.deck, ...s.hands[other]!];
          for (let k = 0; k < 30; k++) {
            const hand = k === 0 ? s.hands[other]! : rng.shuffle(unseen).slice(0, 3);
            for (const depth of [3, 6]) {
              const slow = explainsTurns(s, turns, hand, depth);
              expect(explains(fast, cardIndices(hand), depth)).toBe(slow);
              expect(explains(fast, cardIndices(hand), depth, memo)).toBe(slow);
              fits += slow ? 1 : 0;
              checked += 1;
            }
          }
        }
      });
    }
    expect(checked).toBeGreaterThan(2000);
    expect(fits).toBeGreaterThan(checked / 20);
  });

  it("in the final round it takes the top only when that completes a meld (a Scat first), else draws blind, and keeps its meld", () => {
    let final = null as HandState | null;
    playObserved("skit_scat", 2, "ss:final", (s: HandState) => {
      if (s.phase === "turn" && s.skitter !== null && s.step === "draw") final = structuredClone(s);
      return final !== null;
    });
    expect(final).not.toBeNull();
    const at = (hand: string[], top: string): HandState => {
      const s = structuredClone(final!);
      const used = new Set([...hand, top]);
      s.hands[s.turn] = hand;
      s.discard = [...s.discard.filter((c) => !used.has(c)), top];
      s.deck = s.deck.filter((c) => !used.has(c));
      return s;
    };
    const move = (s: HandState) => skitScatStrongMove(s, s.turn, createRng("f"), null);
    expect(move(at(["7H", "7D", "2C"], "7S"))).toEqual({ type: "drawDiscard" }); // a Scat
    expect(move(at(["7H", "8H", "2C"], "9H"))).toEqual({ type: "drawDiscard" }); // a Skit
    // 3C would give this hand two outs, and the normal bot takes it; but it completes nothing now.
    const improving = at(["2C", "9H", "KD"], "3C");
    expect(ENGINES.skit_scat.bot(improving, improving.turn, createRng("f"))).toEqual({ type: "drawDiscard" });
    expect(move(improving)).toEqual({ type: "drawDeck" });
    const discarding = (hand: string[]): HandState => {
      const s = at(hand.slice(0, 3), hand[3]!);
      s.discard.pop();
      s.hands[s.turn] = hand;
      return { ...s, step: "discard" };
    };
    expect(move(discarding(["7H", "7D", "8H", "7S"]))).toEqual({ type: "discard", card: "8H" });
    expect(move(discarding(["KD", "7H", "8H", "9H"]))).toEqual({ type: "discard", card: "KD" });
  });
});

describe("Scatterbrain: the strong bot's guesses", () => {
  it("guesses legally, the same for the same seed, from public information only", () => {
    let checked = 0;
    playObserved("scatterbrain", 4, "sb:guess", (s: ScatterbrainState) => {
      if (s.phase !== "guess") return;
      const seat = s.turn;
      const move = botMove("scatterbrain", s, seat, createRng("g"), "strong");
      expect(ENGINES.scatterbrain.legalActions(s, seat)).toContainEqual(move);
      expect(botMove("scatterbrain", s, seat, createRng("g"), "strong")).toEqual(move);
      for (const t of hidingOpponents(s, seat)) {
        const belief = holeBelief(s, t);
        expect([...belief.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1);
        expect(belief.has(s.holes[t]!)).toBe(true); // the real hole card is always a candidate
        // Another hole card among the same kept cards (hidden from the guesser): the same belief and guess.
        const other = structuredClone(s);
        const swap = [...belief.keys()].find((c) => c !== s.holes[t] && other.hands[t]!.includes(c));
        if (swap === undefined) continue;
        other.hands[t] = other.hands[t]!.map((c) => (c === swap ? s.holes[t]! : c));
        other.holes[t] = swap;
        expect(holeBelief(other, t)).toEqual(belief);
        expect(botMove("scatterbrain", other, seat, createRng("g"), "strong")).toEqual(move);
      }
      checked += 1;
      return checked >= 6;
    });
    expect(checked).toBeGreaterThan(0);
  });

  it("discards one of the cards normal would (keeping its best window), the least useful to the next player", () => {
    let checked = 0;
    playObserved("scatterbrain", 4, "sb:discard", (s: ScatterbrainState) => {
      if (s.phase !== "turn" || s.step !== "discard") return;
      const move = botMove("scatterbrain", s, s.turn, createRng("d"), "strong") as { type: string; card: string };
      expect(move.type).toBe("discard");
      expect(discardOptions(s, s.turn)).toContain(move.card);
      checked += 1;
      return checked >= 20;
    });
    expect(checked).toBe(20);
  });
});
