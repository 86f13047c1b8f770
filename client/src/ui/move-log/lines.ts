/**
 * One server event as one line of the move log, or null for events the table already shows
 * (turn starts, deals to others). Events arrive redacted for this client (docs/PROTOCOL.md):
 * a card hidden from us is null, so the line says only what we may know.
 */
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { cardWords, faceWords } from "./cards.ts";
import { seatLabel } from "../names.ts";
import { raceWinnerWords, reorderedWords } from "../race-words.ts";

export interface LogLine {
  readonly text: string;
  readonly kind: "move" | "timeout" | "round" | "mine";
}

export interface LineContext {
  readonly game: string;
  readonly snap: TableSnap;
  readonly mySeat: number | null;
}

type Format = (e: Json, c: Ctx) => string | LogLine | null;

class Ctx {
  constructor(readonly base: LineContext) {}
  who(seat: unknown): string {
    if (typeof seat !== "number") return "Someone";
    if (seat === this.base.mySeat) return "You";
    return seatLabel(this.base.snap.seats[seat]?.name, seat);
  }
  /** "Your" for us, "Ann's" for others (never "You's"). */
  whose(seat: unknown): string {
    return seat === this.base.mySeat ? "Your" : `${this.who(seat)}'s`;
  }
  mine(seat: unknown): boolean {
    return seat === this.base.mySeat;
  }
  card(id: unknown): string {
    return cardWords(this.base.game, id);
  }
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Json => (typeof v === "object" && v !== null ? (v as Json) : {});

function timedOut(e: Json, c: Ctx): LogLine {
  const text = c.mine(e["seat"])
    ? "Time ran out — a card was played for you."
    : `Time ran out for ${c.who(e["seat"])} — the table played for them.`;
  return { text, kind: "timeout" };
}

function drawn(e: Json, c: Ctx): string {
  const from = e["from"] === "discard" ? "from the discard pile" : "from the deck";
  if (e["card"] === null || e["card"] === undefined)
    return `${c.who(e["seat"])} drew a card ${e["from"] === undefined ? "" : from}`.trim() + ".";
  const verb = e["from"] === "discard" ? "took" : "drew";
  return `${c.who(e["seat"])} ${verb} ${c.card(e["card"])} ${e["from"] === undefined ? "" : from}`.trim() + ".";
}

function round(label: string, n: unknown): LogLine {
  return { text: `— ${label} ${typeof n === "number" ? n : ""} —`.replace("  ", " "), kind: "round" };
}

function guessed(e: Json, c: Ctx): string {
  const g = obj(e["guess"]);
  const head = `${c.who(g["seat"])} guessed ${c.card(g["card"])}`;
  if (g["outcome"] === "hole") return `${head}: ${c.whose(g["holder"])} hole card! (+${String(g["points"] ?? 20)})`;
  if (g["outcome"] === "hand") return `${head}: ${c.who(g["holder"])} had it (+${String(g["points"] ?? 2)}).`;
  return `${head}: a miss.`;
}

function raceClosed(e: Json, c: Ctx): string {
  const r = obj(e["result"]);
  const slaps = list(r["slaps"]).map(obj);
  const fastest = slaps[0];
  const losers = list(r["penalised"]).map((s) => c.who(s));
  const penalised = losers.join(", ");
  const verb = losers.length === 1 && losers[0] !== "You" ? "draws" : "draw";
  const entries = slaps.map((x) => ({
    seat: typeof x["seat"] === "number" ? x["seat"] : -1,
    reactionMs: typeof x["reactionMs"] === "number" ? x["reactionMs"] : null,
  }));
  const lead = fastest ? raceWinnerWords("slapped", entries, (s) => c.who(s)) : "Nobody slapped.";
  // Reaction times (latency compensated) changed the order against arrival at the server.
  const arrival = slaps.map((x) => x["arrival"]);
  const reordered = arrival.every((a) => typeof a === "number") && arrival.some((a, i) => a !== i + 1);
  const firstIn = slaps.find((x) => x["arrival"] === 1)?.["seat"];
  const why = reordered && typeof firstIn === "number" ? ` ${reorderedWords("slap", firstIn, (s) => c.who(s))}` : "";
  return `${lead}${penalised ? ` ${penalised} ${verb} 4 cards.` : ""}${why}`;
}

function winners(e: Json, c: Ctx): string {
  const ws = e["winner"] !== undefined ? [e["winner"]] : list(e["winners"]);
  return `${ws.map((w) => c.who(w)).join(" and ") || "Nobody"} won the game!`;
}

const SHADE = (s: unknown): string => (s === "dark" ? "Dark" : "Light");

function scored(e: Json, c: Ctx): LogLine {
  const winner = obj(e["result"])["winner"];
  return { text: typeof winner === "number" ? `${c.who(winner)} won the hand.` : "The hand is over.", kind: "round" };
}

const FORMATS: Readonly<Record<string, Format>> = {
  turnTimedOut: timedOut,
  passTimedOut: (e, c) => ({
    text: `Time ran out: cards were passed for ${list(e["seats"])
      .map((s) => c.who(s))
      .join(", ")}.`,
    kind: "timeout",
  }),
  roundDealt: (e) => round("Round", e["round"]),
  handDealt: (e) => (e["seat"] === undefined ? round("Hand", e["round"] ?? e["hand"]) : null),
  cardDrawn: drawn,
  cardDiscarded: (e, c) => `${c.who(e["seat"])} discarded ${c.card(e["card"])}.`,
  knocked: (e, c) => `${c.who(e["seat"])} knocked: everyone else gets one last turn.`,
  scatRevealed: (e, c) => `${c.who(e["seat"])} ${e["devilsScat"] ? "revealed the Devil's Scat" : "revealed a Scat (31)"}!`,
  deckReshuffled: () => "The discards were shuffled into a new deck.",
  handCalled: (e, c) => `${c.who(e["seat"])} called ${SHADE(e["shade"])} Hand!`,
  declared: (e, c) =>
    `${c.who(e["seat"])} declared a ${e["kind"] === "scat" ? "Scat" : "Skit"}${e["shade"] ? ` in ${SHADE(e["shade"])}` : ""}.`,
  finalRoundStarted: (e, c) => `${c.whose(e["skitter"])} Skit: final round, one more turn each.`,
  playerOut: (e, c) => `${c.who(e["seat"])} ${c.mine(e["seat"]) ? "are" : "is"} out of tokens.`,
  playerEliminated: (e, c) => `${c.who(e["seat"])} lost the last life.`,
  gameWon: winners,
  passChosen: (e, c) =>
    c.mine(e["seat"])
      ? `You chose ${list(e["cards"])
          .map((x) => c.card(x))
          .join(", ")} to pass.`
      : null,
  cardsPassed: (e, c) =>
    list(e["cards"]).length > 0
      ? `${c.who(e["from"])} passed ${list(e["cards"])
          .map((x) => c.card(x))
          .join(", ")} to ${c.who(e["to"])}.`
      : null,
  cardPlayed: (e, c) =>
    e["shade"] !== undefined
      ? `${c.who(e["seat"])} ${e["lead"] ? "led" : "played"} ${faceWords(e["card"], e["shade"])}.`
      : `${c.who(e["seat"])} played ${c.card(e["card"])}${e["drawn"] ? " (just drawn)" : ""}.`,
  trickWon: (e, c) =>
    `${c.who(obj(e["trick"])["winner"])} took the trick${Number(obj(e["trick"])["points"]) > 0 ? ` (${String(obj(e["trick"])["points"])} pts)` : ""}.`,
  heartsBroken: (e) => `Hearts are broken in ${SHADE(e["shade"])}.`,
  holeChosen: (e, c) => {
    const text =
      c.mine(e["seat"]) && e["card"] ? `You chose ${c.card(e["card"])} as your hole card` : `${c.who(e["seat"])} chose a hole card`;
    return e["timedOut"]
      ? { text: `${text} (time ran out: chosen for ${c.mine(e["seat"]) ? "you" : "them"}).`, kind: "timeout" }
      : `${text}.`;
  },
  scatterbrainCalled: (e, c) => `${c.who(e["seat"])} called Scatterbrain! (+${String(e["points"] ?? 10)})`,
  callDeclined: (e, c) => `${c.who(e["seat"])} declined to call, playing on.`,
  cardGuessed: guessed,
  guessSkipped: (e, c) => `${c.who(e["seat"])} passed instead of guessing.`,
  playerOutOfHand: (e, c) => `${c.who(e["seat"])} ${c.mine(e["seat"]) ? "are" : "is"} out of the hand.`,
  nothingToDraw: (e, c) => `${c.who(e["seat"])} had nothing to draw.`,
  penaltyDrawn: (e, c) =>
    `${c.who(e["seat"])} drew ${String(e["count"] ?? "")} as a penalty (${e["reason"] === "fake-out" ? "fake-out" : e["reason"] === "missed-call" ? "missed call" : "slap race"}).`,
  deckCut: (e, c) =>
    `${c.who(e["seat"])} ${c.mine(e["seat"]) ? "were" : "was"} skipped and cut the deck${e["card"] ? `: ${c.card(e["card"])}` : ""}.`,
  deckFlipped: (e, c) => `${c.who(e["seat"])} flipped the deck: play changes direction.`,
  raceOpened: () => "WITH A HAND: slap!",
  raceClosed,
  callMissed: (e, c) => `${c.who(e["seat"])} missed the call.`,
  fakedOut: (e, c) => `${c.who(e["seat"])} slapped with no race open (fake-out).`,
  wentOut: (e, c) => `${c.who(e["seat"])} went out!`,
  replacementDrawn: (e, c) => `${c.who(e["seat"])} drew ${c.mine(e["seat"]) && e["card"] ? c.card(e["card"]) : "a card"} to replace it.`,
  mercyHand: () => "A straight was dealt: a mercy hand, dealt again.",
  deckExhausted: () => "The deck ran out: guessing to finish the hand.",
  roundScored: scored,
  handScored: scored,
};

/** The move-log line for one event, or null. */
export function logLine(e: Json, base: LineContext): LogLine | null {
  const format = FORMATS[String(e["type"])];
  const out = format ? format(e, new Ctx(base)) : null;
  if (out === null) return null;
  if (typeof out !== "string") return out;
  const mine = ["seat", "from"].some((k) => e[k] === base.mySeat && base.mySeat !== null);
  return { text: out, kind: mine ? "mine" : "move" };
}
