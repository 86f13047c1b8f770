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
function hitReason(snap: TableSnap, id: string, name: string): string {
  const face = id.split(".")[0] ?? id;
  if (snap.info["demand"]) return `${name} meets the demand: play it.`;
  if (face === "HH") return `${name} goes on anything and starts a slap race: play it, then call it.`;
  if (face.startsWith("H")) return `${name} goes on anything, and the next player must meet its demand: play it.`;
  if (face.startsWith("C")) return `${name} matches the colour and makes the next player miss a turn: play it.`;
  if (face.startsWith("F")) return `${name} matches the colour and turns the piles over: play it.`;
  return `${name} matches the top card's colour or number: play it.`;
}

/** Why the lesson's move is the one to make now. */
function why(game: string, snap: TableSnap, a: Action): string {
  const card = (id: unknown): string => cardWords(game, id);
  const value = snap.seats[0]?.mine?.info["value"];
  const worth = typeof value === "number" ? ` Your hand is worth ${value} now.` : "";
  const scat = game === "devils_scat" || game === "skit_scat" || game === "dark_hand";
  switch (a.type) {
    case "drawDeck":
      return game === "scatterbrain" ? "The top discard does not help your straight: draw from the deck." : `The top discard does not help you: draw a card from the deck.${worth}`;
    case "drawDiscard":
      return `The ${card(top(snap))} on the discard pile fits your hand: take it.`;
    case "discard":
      if (game === "scatterbrain") return `${card(a.card)} does not fit your straight: discard it.`;
      return scat ? `${card(a.card)} fits your hand least: discard it and keep the rest.` : `Discard ${card(a.card)}.`;
    case "knock":
      return `Your hand is good enough: knock. Everyone else gets one last turn, then the best hand wins.${worth}`;
    case "declare":
      return "You hold three matching cards: declare them to end the hand.";
    case "endTurn":
      return "No meld to declare yet: keep your hand and end your turn.";
    case "call":
      if (game === "hit_the_deck") return "You played WITH A HAND: call it, or you draw four.";
      return `Call “${a["shade"] === "dark" ? "Dark" : "Light"} Hand!”: you may call from the deal until your first turn ends; win in that shade and the stakes double (a token goes on its Joker).`;
    case "slap":
      return "WITH A HAND is on top: slap! The last one to slap draws four cards.";
    case "play":
      if (game === "hit_the_deck") return hitReason(snap, String(a.card), card(a.card));
      return `You must follow the suit led when you can; ${card(a.card)} is the safe card here.`;
    case "lead":
      return `Your lead: ${card(a.card)} is a low card that will not win points.`;
    case "draw":
      return "Nothing in your hand matches the top card: draw one.";
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
      return ["button:pass"];
    default:
      return card ? [`card:${card}`] : [];
  }
}

export function promptFor(game: string, snap: TableSnap, a: Action): Prompt {
  const label = actionLabel(game, a as LegalAction);
  const reason = why(game, snap, a);
  const free = a.type === "passCards" || a.type === "guess" || a.type === "chooseHole";
  return { text: free ? reason : `${label}. ${reason}`.trim(), anchors: anchors(game, a) };
}

/** The refusal of a legal move that is not the lesson's. */
export function notThisOne(game: string, snap: TableSnap, a: Action): string {
  return `Try “${actionLabel(game, a as LegalAction)}” first: ${why(game, snap, a)}`;
}
