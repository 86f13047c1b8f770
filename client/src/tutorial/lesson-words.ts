/**
 * What a lesson says before and after its round, in the order a newcomer needs it: the goal, then
 * how points (or tokens) are won and lost, then the one rule that makes this game different, and
 * only then what the lesson will have them do. At the end, why each player has the score they
 * have ("You won the round" while a bot has as many points needs its reason). Every sentence
 * follows the game's rules (shared/src/games/<game>/README.md and client/src/rules/).
 */
import { faceOf, meldIn } from "@scat/shared/games/dark-hand/melds.ts";
import type { Json, TableSnap } from "../net/snapshot.ts";

export type IntroKind = "goal" | "score" | "special" | "plan";

export interface IntroLine {
  readonly kind: IntroKind;
  /** Shown before the text ("Goal", "How to score", ...). */
  readonly label: string;
  readonly text: string;
}

interface LessonWords {
  readonly goal: string;
  readonly score: string;
  readonly special: string;
  readonly plan: string;
}

const WORDS: Readonly<Record<string, LessonWords>> = {
  devils_scat: {
    goal: "Hold the best three cards when the round ends; the first player to reach the target score wins the game.",
    score:
      "Points after each round: +1 for the best hand, +1 for a hand worth 29 or more, +1 for exactly 31, and +1 more if you scored and hold a card of the favored suit (shown at the top). A knocker who is beaten loses 1.",
    special:
      "Instead of drawing you may knock: everyone else gets one last turn, then the hands are compared. Exactly 31 (a Scat) or three 6s (the Devil's Scat) wins the round at once.",
    plan: "You will draw, discard and knock through one round against two bots.",
  },
  skit_scat: {
    goal: "Make three matching cards before the others; keep your tokens, and be the last player with any.",
    score:
      "Everyone starts with 3 tokens. The winner of a hand pays nothing; the others pay 1 token each into the pot (a player who also declared a Skit in the final round pays nothing). Without tokens you are out.",
    special:
      "Three matching cards are a meld: a Scat is three of one rank and wins the hand at once; a Skit is three of one suit in a row and starts a final round, in which everyone else gets one more turn to beat it with a Scat.",
    plan: "You will draw, discard and declare a meld in one round against two bots.",
  },
  dark_hand: {
    goal: "Make three matching cards before the others; keep your tokens, and be the last player with any.",
    score:
      "Everyone starts with 5 tokens. The winner of a hand pays nothing; the others pay 1 token each into the pot, or 2 when the winner had made a call and won by it (the special rule below). Without tokens you are out.",
    special:
      "Every card has two faces, a Light one (cream) and a Dark one (night blue): these are its two shades. Your three matching cards must match in one shade: all Light faces or all Dark faces. Until your first turn ends you may call a shade (Light Hand! or Dark Hand!): a token goes on that shade's Joker, you may then win only in that shade, and if you do, everyone else pays 2.",
    plan: "You will call a shade, draw, discard and declare a meld in one round against two bots.",
  },
  dark_hearts: {
    goal: "Take as few points as you can, in two shades at once: the lowest single score wins.",
    score:
      "Every heart you take in a trick is 1 point and the Queen of Spades 13. You keep a Light score and a Dark score, and your score is the lower of the two; low is good.",
    special:
      "Every card has a Light face and a Dark face. Whoever leads a trick chooses its shade, and in that trick only the faces of that shade count: for following suit, for taking the trick (Aces are high, 2s low) and for points.",
    plan: "You will pass three cards, then follow suit through one hand of thirteen tricks against three bots.",
  },
  scatterbrain: {
    goal: "Build a seven-card straight, then name the cards your opponents hold: the first player to 100 points wins.",
    score:
      "Calling a straight scores 10. After your call, each card you name that an opponent holds in hand scores 2, and an opponent's hole card 20. A straight of one colour doubles all your points in the hand, one suit triples them.",
    special:
      "The deal is face up for a few seconds: memorise it. Then everyone lays one card face down as a hole card: it counts in your straight, and an opponent who names it puts you out of the hand.",
    plan: "You will pick a hole card, build a straight, call Scatterbrain and guess a card in one hand against three bots.",
  },
  hit_the_deck: {
    goal: "Get rid of your cards first: the first player with no cards ends the hand.",
    score:
      "When the hand ends, everyone else scores points for the cards left in their hand: a number card its number, an action card 10. Low is good: when someone reaches the target, the lowest total wins.",
    special:
      "When a WITH A HAND card is played, everyone slaps: the slowest draws 4 cards. Whoever played it must also call it within two seconds, or draw 4.",
    plan: "You will match cards, draw, and slap and call a WITH A HAND in one hand against two bots.",
  },
};

/** The goal screen's lines, in the order they are read. */
export function introLines(game: string): IntroLine[] {
  const w = WORDS[game];
  if (!w) return [];
  return [
    { kind: "goal", label: "Goal", text: w.goal },
    { kind: "score", label: "How to score", text: w.score },
    { kind: "special", label: "The special rule", text: w.special },
    { kind: "plan", label: "In this lesson", text: w.plan },
  ];
}

// --- The end: why everyone has their score ----------------------------------------------------

const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

const SCAT_SUITS: Readonly<Record<string, string>> = { H: "hearts", S: "stars", G: "gems", W: "swirls", X: "skulls" };
const STANDARD_SUITS: Readonly<Record<string, string>> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_WORDS: Readonly<Record<string, string>> = { A: "Aces", K: "Kings", Q: "Queens", J: "Jacks", "6": "6s" };
const SHADE_WORD = { light: "Light", dark: "Dark" } as const;

/** A rank as a plural ("three 2s", "three Kings"). */
const ranks = (rank: string): string => RANK_WORDS[rank] ?? `${rank}s`;

/**
 * A meld in words: "a Scat (three 2s)", "a Skit (7, 8 and 9 of spades in a row) in Dark".
 * `cards` are the meld's cards as ids, `shade` the shade it is made in (Dark Hand), else null.
 */
export function meldWords(kind: string, cards: readonly string[], shade: "light" | "dark" | null): string {
  const faces = cards.map((c) => (shade ? faceOf(c, shade) : c));
  const rank = (f: string): string => f.slice(0, -1);
  const suit = STANDARD_SUITS[faces[0]?.slice(-1) ?? ""] ?? "one suit";
  const where = shade ? ` in ${SHADE_WORD[shade]}` : "";
  if (kind === "scat") return `a Scat (three ${ranks(rank(faces[0] ?? ""))})${where}`;
  // In run order: the Ace is low (A-2-3) unless the run is Q-K-A.
  const high = faces.some((f) => rank(f) === "K");
  const order = (r: string): number => (r === "A" ? (high ? 14 : 1) : r === "K" ? 13 : r === "Q" ? 12 : r === "J" ? 11 : Number(r));
  const run = faces.map(rank).sort((x, y) => order(x) - order(y));
  return `a Skit (${list(run)} of ${suit} in a row)${where}`;
}

/** The kind of meld a 3-card hand makes in a shade (Skit Scat's cards have one face, read as Light). */
export function handMeld(hand: readonly string[], shade: "light" | "dark" | null): "skit" | "scat" | null {
  return meldIn(hand, shade ?? "light");
}

function devilsScatEnd(snap: TableSnap, name: (seat: number) => string): string[] {
  const r = obj(snap.result);
  const favored = SCAT_SUITS[String(r["favored"] ?? "")] ?? "the favored suit";
  const lines: string[] = [];
  const winner = typeof r["winner"] === "number" ? r["winner"] : null;
  if (r["endedBy"] === "knock" && winner === r["knocker"]) lines.push(`${name(num(r["knocker"]))} knocked and held the best hand.`);
  else if (winner === null) lines.push("Two hands tied for best, so nobody won the round.");
  for (const s of arr(r["seats"])) {
    const why: string[] = [];
    if (num(s["won"]) > 0) why.push("+1 for the best hand");
    if (num(s["over29"]) > 0) why.push("+1 for 29 or more");
    if (num(s["scat31"]) > 0) why.push("+1 for exactly 31");
    if (num(s["favored"]) > 0) why.push(`+1 for holding ${favored}, the favored suit`);
    if (num(s["knockPenalty"]) !== 0) why.push("-1 for knocking and being beaten");
    const value = num(s["value"]);
    lines.push(
      `${name(num(s["seat"]))}: hand worth ${value}, ${why.length ? `${why.join(", ")}: ${plural(num(s["delta"]), "point")}` : "no points"}.`,
    );
  }
  return lines;
}

function tokensEnd(snap: TableSnap, name: (seat: number) => string): string[] {
  const r = obj(snap.result);
  const meld = obj(r["winningMeld"]);
  const winner = typeof r["winner"] === "number" ? r["winner"] : null;
  const lines: string[] = [];
  if (winner !== null && typeof meld["kind"] === "string") {
    const shade = meld["shade"] === "light" || meld["shade"] === "dark" ? meld["shade"] : null;
    const cards = Array.isArray(meld["cards"]) ? meld["cards"].map(String) : [];
    lines.push(`${name(winner)} won the hand with ${meldWords(meld["kind"], cards, shade)}.`);
    if (r["callerWon"] === true && shade)
      lines.push(`${name(winner)} had called ${SHADE_WORD[shade]} and won in it: the Joker token came back, and everyone else paid 2.`);
  }
  for (const s of arr(r["seats"])) {
    const seat = num(s["seat"]);
    if (seat === winner) continue;
    const paid = num(s["paid"]);
    lines.push(`${name(seat)} paid ${plural(paid, "token")} into the pot.`);
  }
  lines.push(`Tokens now: ${snap.seats.map((s) => `${s.name} ${s.score}`).join(", ")}. The last player with tokens wins the game.`);
  return lines;
}

function darkHeartsEnd(snap: TableSnap, name: (seat: number) => string): string[] {
  const r = obj(snap.result);
  const lines: string[] = [];
  const moon = obj(r["moon"]);
  for (const shade of ["light", "dark"] as const) {
    if (typeof moon[shade] === "number")
      lines.push(
        `${name(moon[shade])} took every ${SHADE_WORD[shade]} point: that is shooting the moon, so ${name(moon[shade])} scores 0 in ${SHADE_WORD[shade]} and everyone else takes those points.`,
      );
  }
  for (const s of arr(r["seats"])) {
    const total = obj(s["total"]);
    const taken = obj(s["taken"]);
    const light = num(total["light"]);
    const dark = num(total["dark"]);
    lines.push(
      `${name(num(s["seat"]))} took ${num(taken["light"])} Light and ${num(taken["dark"])} Dark points: now Light ${light}, Dark ${dark}, so a score of ${Math.min(light, dark)} (the lower one).`,
    );
  }
  lines.push(
    "Hearts are 1 point and the Queen of Spades 13, in the trick's shade. Low is good: when someone reaches 100, the lowest single score wins.",
  );
  return lines;
}

function scatterbrainEnd(snap: TableSnap, name: (seat: number) => string): string[] {
  const r = obj(snap.result);
  const lines: string[] = [];
  for (const s of arr(r["seats"])) {
    const seat = num(s["seat"]);
    const why: string[] = [];
    if (num(s["straight"]) > 0) why.push("10 for the straight");
    if (num(s["handHits"]) > 0) why.push(`${2 * num(s["handHits"])} for ${plural(num(s["handHits"]), "card")} named in an opponent's hand`);
    if (num(s["holeHits"]) > 0) why.push(`${20 * num(s["holeHits"])} for ${plural(num(s["holeHits"]), "hole card")} named`);
    const times = num(s["multiplier"]) > 1 ? `, all times ${num(s["multiplier"])}` : "";
    const out = s["out"] === true ? " (out of the hand: the hole card was named)" : "";
    lines.push(`${name(seat)}: ${why.length ? `${why.join(", ")}${times}: ${num(s["delta"])} points` : "no points"}${out}.`);
  }
  return lines;
}

function hitTheDeckEnd(snap: TableSnap, name: (seat: number) => string): string[] {
  const r = obj(snap.result);
  const winner = typeof r["winner"] === "number" ? r["winner"] : null;
  const lines: string[] = [];
  for (const s of arr(r["seats"])) {
    const seat = num(s["seat"]);
    const left = Array.isArray(s["hand"]) ? s["hand"].length : 0;
    lines.push(
      seat === winner
        ? `${name(seat)} played the last card first: 0 points.`
        : `${name(seat)}: ${plural(left, "card")} left, worth ${plural(num(s["points"]), "point")}.`,
    );
  }
  lines.push("Low is good: when someone reaches the target, the lowest total wins.");
  return lines;
}

const END: Readonly<Record<string, (snap: TableSnap, name: (seat: number) => string) => string[]>> = {
  devils_scat: devilsScatEnd,
  skit_scat: tokensEnd,
  dark_hand: tokensEnd,
  dark_hearts: darkHeartsEnd,
  scatterbrain: scatterbrainEnd,
  hit_the_deck: hitTheDeckEnd,
};

/** Why each player has the score they have after the lesson's round (empty: no result to read). */
export function endLines(game: string, snap: TableSnap): string[] {
  if (snap.result === null || snap.result === undefined) return [];
  const name = (seat: number): string => snap.seats[seat]?.name ?? `Seat ${seat + 1}`;
  return END[game]?.(snap, name) ?? [];
}
