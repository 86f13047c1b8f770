/**
 * What the lesson says: the goal screen's lines, the prompt for the move it asks for (pointing at
 * the card, pile or button that makes it), and the reason a legal move that is not the lesson's
 * is refused ("Try … first: …"). Words per game; the move's own name comes from the keyboard
 * layer's labels (a11y/games.ts), so the prompt and the hand toolbar say the same thing.
 */
import type { Action } from "@scat/shared/tutorial/lesson.ts";
import { actionLabel } from "../a11y/games.ts";
import type { LegalAction, TableSnap } from "../net/snapshot.ts";
import { cardWords } from "../ui/move-log/cards.ts";

export interface Prompt {
  /** The sentence shown and announced. */
  readonly text: string;
  /** Test-hook target ids to point at, best first (the first one on screen wins). */
  readonly anchors: readonly string[];
}

/** One sentence per game after the rules' goal: what this lesson shows. */
export const LESSON_PLAN: Readonly<Record<string, string>> = {
  devils_scat: "You will draw, discard and knock through one round against two bots.",
  skit_scat: "You will draw, discard and declare three matching cards in one round against two bots.",
  dark_hand: "You will draw, discard, call your shade and declare in one round against two bots.",
  dark_hearts: "You will pass three cards, then follow suit through one hand of thirteen tricks against three bots.",
  scatterbrain: "You will pick a hole card, build a straight, call Scatterbrain and guess a card in one hand against three bots.",
  hit_the_deck: "You will match cards, draw, and slap and call a WITH A HAND in one hand against two bots.",
};

const top = (snap: TableSnap, pile = "discard"): string | null => snap.piles[pile]?.cards.at(-1) ?? null;

/** Hit the Deck: what the card does, by its face (shared/src/games/hit-the-deck/README.md). */
function hitReason(snap: TableSnap, id: string): string {
  const face = id.split(".")[0] ?? id;
  if (snap.info["demand"]) return "It meets the demand.";
  if (face === "HH") return "It goes on anything and starts a slap race: play it, then call it.";
  if (face.startsWith("H")) return "It goes on anything, and the next player must meet its demand.";
  if (face.startsWith("C")) return "It matches the colour, and the next player misses a turn.";
  if (face.startsWith("F")) return "It matches the colour, and the piles turn over.";
  return "It matches the top card's colour or number.";
}

/** Why the lesson's move is the one to make now. */
function why(game: string, snap: TableSnap, a: Action): string {
  const card = (id: unknown): string => cardWords(game, id);
  const value = snap.seats[0]?.mine?.info["value"];
  const worth = typeof value === "number" ? ` Your hand is worth ${value} now.` : "";
  const scat = game === "devils_scat" || game === "skit_scat" || game === "dark_hand";
  switch (a.type) {
    case "drawDeck":
      return game === "scatterbrain" ? "The top discard does not help your straight." : `The top discard does not help you.${worth}`;
    case "drawDiscard":
      return `The ${card(top(snap))} fits your hand.`;
    case "discard":
      if (game === "scatterbrain") return "It does not fit your straight.";
      return scat ? "It fits your hand least: keep the rest." : "";
    case "knock":
      return `Your hand is good enough: everyone else gets one last turn, then the best hand wins.${worth}`;
    case "declare":
      return "You hold three matching cards: declaring ends the hand.";
    case "endTurn":
      return "No meld to declare yet: keep your hand and end your turn.";
    case "call":
      if (game === "hit_the_deck") return "You played WITH A HAND: call it within two seconds, or you draw four.";
      return "You may call from the deal until your first turn ends; win in that shade and the stakes double (a token goes on its Joker).";
    case "slap":
      return "WITH A HAND is on top: the last one to slap draws four cards.";
    case "play":
      if (game === "hit_the_deck") return hitReason(snap, String(a.card));
      return "Follow the suit led when you can; a low card does not win the trick's points.";
    case "lead":
      return "A low lead is unlikely to win points.";
    case "draw":
      return "Nothing in your hand matches the top card.";
    case "passCards":
      return "Pick three cards to pass (your highest cards are good to give away), then press Pass.";
    case "chooseHole":
      return "Pick one card as your hole card: it stays face down and counts in your straight.";
    case "callScatterbrain":
      return "Your six cards and the hole card make seven in a row: call Scatterbrain!";
    case "declineCall":
      return "Play on for a better straight.";
    case "guess":
      return "Name a card you remember an opponent holds: a hit scores.";
    case "skipGuess":
      return "Pass this guess.";
    case "continue":
      return "See the round's result.";
    default:
      return "";
  }
}

/** "It fits" -> "it fits" after a colon (names such as "WITH A HAND" keep their case). */
const lower = (t: string): string => (/^[A-Z][a-z]/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t);

/** Where the move is made on the canvas. */
function anchors(game: string, a: Action): string[] {
  const card = typeof a.card === "string" ? a.card : null;
  const shade = typeof a["shade"] === "string" ? a["shade"] : null;
  switch (a.type) {
    case "drawDeck":
      return ["pile:deck"];
    case "drawDiscard":
      return ["pile:discard"];
    case "draw":
      return ["button:draw", "pile:deck"];
    case "knock":
      return ["button:knock"];
    case "declare":
      return shade ? [`button:declare-${shade}`, "button:declare"] : ["button:declare"];
    case "endTurn":
      return ["button:keep"];
    case "call":
      return game === "hit_the_deck" ? ["button:call"] : [`button:call-${shade ?? "light"}`];
    case "slap":
      return ["button:slap"];
    case "callScatterbrain":
      return ["button:call"];
    case "declineCall":
      return ["button:decline"];
    case "skipGuess":
      return ["button:skip-guess"];
    case "guess":
      return card ? [`guess:${card}`] : [];
    case "passCards":
      // Any three cards: the bubble stays clear of the whole hand (Pass glows once three are picked).
      return [];
    default:
      return card ? [`card:${card}`] : [];
  }
}

export function promptFor(game: string, snap: TableSnap, a: Action): Prompt {
  const label = actionLabel(game, a as LegalAction);
  const reason = why(game, snap, a);
  const free = a.type === "passCards" || a.type === "guess" || a.type === "chooseHole";
  return { text: free ? reason : reason ? `${label}: ${lower(reason)}` : `${label}.`, anchors: anchors(game, a) };
}

/** The refusal of a legal move that is not the lesson's. */
export function notThisOne(game: string, snap: TableSnap, a: Action): string {
  const reason = why(game, snap, a);
  return `Try “${actionLabel(game, a as LegalAction)}” first${reason ? `: ${lower(reason)}` : "."}`;
}
