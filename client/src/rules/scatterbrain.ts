/** Scatterbrain in our words (docs/rules/scatterbrain.md, shared/src/games/scatterbrain/README.md). */
import type { GameRules } from "./types.ts";

export const scatterbrainRules: GameRules = {
  game: "scatterbrain",
  title: "Scatterbrain",
  art: "standard",
  goal: "Memorise the deal, build a seven-card straight, then name the cards your opponents hold: first to 100 points wins.",
  sections: [
    {
      heading: "Memorise",
      text: [
        "Four players get 7 cards each, dealt face up. For a few seconds everyone sees every hand: remember who holds what. Then the cards are picked up.",
        "A player dealt a 7-card straight scores it at once and the hand is dealt again.",
      ],
    },
    {
      heading: "The hole card",
      text: [
        "Everyone lays one card of their hand face down: the hole card. It never leaves the table, but it is part of your straight. A hole card guessed by an opponent costs you the hand.",
      ],
    },
    {
      heading: "Build a straight",
      text: [
        "On your turn draw from the deck or take the top discard, then discard one card face up. Every discard stays visible.",
        "Your six cards plus the hole card must make seven ranks in a row, suits mixed; the Ace is low (A-7) or high (8-A), never both. One colour doubles all your points this hand, one suit triples them.",
        "When you hold a straight you may call Scatterbrain (the SCATTERBRAIN! button): it is laid face up and scores 10 (times its multiplier). Or keep playing for a better one.",
      ],
      examples: [
        { cards: ["8C", "9H", "10S", "JD", "QC", "KH", "AS"], caption: "A straight, 8 to Ace: 10 points" },
        { cards: ["2H", "3D", "4H", "5D", "6H", "7D", "AH"], caption: "All red: a Pure straight, every point this hand x2" },
        { cards: ["8S", "9S", "10S", "JS", "QS", "KS", "AS"], caption: "All spades: a Top straight, every point this hand x3" },
      ],
    },
    {
      heading: "Guessing",
      text: [
        "After your call you never draw again: each turn you name one card you cannot see (or pass). If an opponent holds it in hand you score 2 and take it as a trophy; if it is their hole card you score 20 and they are out of the hand. Anything else is a miss.",
        "When the deck runs out, players take turns guessing until the hand ends.",
      ],
    },
  ],
  hints: {
    chooseHole: "Pick your hole card: it lies face down and counts in your straight.",
    drawDeck: "Your turn: draw from the deck or take the top discard, then discard one card.",
    discard: "Discard one card, aiming for seven ranks in a row with your hole card.",
    callScatterbrain: "You have a straight! Press SCATTERBRAIN!, or keep playing for a better one.",
    guess: "Name a card an opponent holds: 2 points in hand, 20 for a hole card.",
    continue: "The hand is over: press Continue when you are ready.",
  },
};
