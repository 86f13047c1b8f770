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
import { faceOf } from "@scat/shared/games/dark-hand/melds.ts";
import { handMeld, meldWords } from "./lesson-words.ts";

export interface Prompt {
  /** The sentence shown and announced. */
  readonly text: string;
  /** Test-hook target ids to point at, best first (the first one on screen wins). */
  readonly anchors: readonly string[];
}

const top = (snap: TableSnap, pile = "discard"): string | null => snap.piles[pile]?.cards.at(-1) ?? null;

/** Hit the Deck: what the card does, by its face (shared/src/games/hit-the-deck/README.md). */
function hitReason(snap: TableSnap, id: string): string {
  const face = id.split(".")[0] ?? id;
  if (snap.info["demand"]) return "It meets the demand.";
  if (face === "HH") return "It goes on anything and starts a slap race: play it, then call it.";
  if (face.startsWith("H")) return "It goes on anything, and from the next player on everyone must meet its demand until someone does.";
  if (face.startsWith("C")) return "It matches the colour: the next player misses a turn and cuts the deck.";
  if (face.startsWith("F")) return "It matches the colour: the piles turn over, play changes direction, and you play again.";
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
      return declareReason(snap, a);
    case "endTurn":
      return "No meld to declare yet: keep your hand and end your turn.";
    case "call":
      if (game === "hit_the_deck") return "You played WITH A HAND: call it within two seconds, or you draw four.";
      return callReason(a);
    case "slap":
      return "WITH A HAND is on top: the last one to slap draws four cards.";
    case "play":
      if (game === "hit_the_deck") return hitReason(snap, String(a.card));
      return followReason(snap, String(a.card));
    case "lead":
      return leadReason(a);
    case "draw":
      return "Nothing in your hand matches the top card.";
    case "passCards":
      return "Pick three cards to pass (your highest cards are good to give away), then press Pass.";
    case "chooseHole":
      return "Pick one card as your hole card: it stays face down and counts in your straight.";
    case "callScatterbrain":
      return "Your six cards and the hole card make seven ranks in a row: calling lays them face up and scores 10.";
    case "declineCall":
      return "Play on for a better straight.";
    case "guess":
      return "Name a card you remember an opponent holds: 2 points if it is in their hand, 20 if it is their hole card.";
    case "skipGuess":
      return "Pass this guess.";
    case "continue":
      return "See the round's result.";
    default:
      return "";
  }
}

/** "It fits" -> "it fits" after a colon (names such as "WITH A HAND" keep their case). */
const lower = (t: string): string => (/^([A-Z][a-z]|A )/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t);

const SHADE_WORD = { light: "Light", dark: "Dark" } as const;
const shadeOf = (v: unknown): "light" | "dark" | null => (v === "light" || v === "dark" ? v : null);

/** A declaration says what the meld is and what declaring it does (a Skit does not end the hand). */
function declareReason(snap: TableSnap, a: Action): string {
  const hand = snap.seats[0]?.mine?.hand ?? [];
  const shade = shadeOf(a["shade"]);
  const kind = handMeld(hand, shade);
  if (kind === "scat") return `You hold ${meldWords("scat", hand, shade)}: declaring it wins the hand at once.`;
  if (kind === "skit")
    return `You hold ${meldWords("skit", hand, shade)}: declaring it starts the final round, in which everyone else gets one more turn; only a Scat can beat it.`;
  return "Your cards make a meld: declare it.";
}

/** Dark Hand's call: what it costs and what it wins (the shades were explained before the round). */
function callReason(a: Action): string {
  const shade = shadeOf(a["shade"]) ?? "light";
  const word = SHADE_WORD[shade];
  return `Your cards come closest to a meld in their ${word} faces. A token goes on the ${word} Joker; you may then win only with a meld in ${word}, and if you do, everyone else pays 2. You may call until your first turn ends.`;
}

/** Dark Hearts ranks, low to high: Aces are high (shared/src/games/dark-hearts/README.md). */
const HEARTS_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const rankOf = (face: string): number => HEARTS_RANKS.indexOf(face.slice(0, -1));
const SUIT_WORD: Readonly<Record<string, string>> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const faceWords = (face: string): string => `${face.slice(0, -1)}${{ C: "♣", D: "♦", H: "♥", S: "♠" }[face.slice(-1)] ?? face.slice(-1)}`;

/** Following in Dark Hearts: whether the card takes the trick, by its face in the trick's shade. */
function followReason(snap: TableSnap, card: string): string {
  const trick = snap.info["trick"] as { shade?: unknown; suit?: unknown; plays?: Array<{ face?: unknown }> } | null | undefined;
  const shade = shadeOf(trick?.shade);
  const suit = typeof trick?.suit === "string" ? trick.suit : null;
  if (!shade || !suit) return "Follow the suit led when you can.";
  const mine = faceOf(card, shade);
  const led = (trick?.plays ?? []).map((p) => String(p.face ?? "")).filter((f) => f.slice(-1) === suit);
  const best = led.reduce<string | null>((b, f) => (b === null || rankOf(f) > rankOf(b) ? f : b), null);
  const inShade = `in ${SHADE_WORD[shade]}`;
  if (mine.slice(-1) !== suit)
    return `You have no ${SUIT_WORD[suit] ?? suit} ${inShade}, so any card may go: this one cannot take the trick.`;
  if (best !== null && rankOf(mine) < rankOf(best))
    return `It follows ${SUIT_WORD[suit] ?? suit} ${inShade} and is lower than the ${faceWords(best)}, so it does not take the trick.`;
  return `It follows ${SUIT_WORD[suit] ?? suit} ${inShade} and is the highest so far (Aces are high): it takes the trick unless someone plays higher.`;
}

/** Leading in Dark Hearts: the shade chosen and how likely the card is to take the trick. */
function leadReason(a: Action): string {
  const shade = shadeOf(a["shade"]) ?? "light";
  const face = faceOf(String(a.card), shade);
  const low = rankOf(face) >= 0 && rankOf(face) <= HEARTS_RANKS.indexOf("7");
  return `You lead, so you choose the trick's shade: ${SHADE_WORD[shade]}. ${low ? `The ${faceWords(face)} is a low card, unlikely to take the trick and its points.` : `The ${faceWords(face)} is a high card (Aces are high): it may well take the trick.`}`;
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
