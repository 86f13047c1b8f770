/** Skit Scat in our words (docs/rules/skit-scat.md, shared/src/games/dark-hand/README.md). */
import type { GameRules } from "./types.ts";

export const skitScatRules: GameRules = {
  game: "skit_scat",
  title: "Skit Scat",
  art: "standard",
  goal: "Make three matching cards before the others; keep your tokens, and be the last player with any.",
  sections: [
    {
      heading: "Skit and Scat",
      text: [
        "You hold three cards from a standard 52-card deck. A Skit is three cards of one suit in a row; the Ace may be low (A-2-3) or high (Q-K-A) but never both (K-A-2 is not a Skit). A Scat is three cards of the same rank.",
      ],
      examples: [
        { cards: ["5H", "6H", "7H"], caption: "Skit: one suit in a row" },
        { cards: ["QS", "KS", "AS"], caption: "Skit: Ace high" },
        { cards: ["KD", "AD", "2D"], caption: "Not a Skit: no wrapping round" },
        { cards: ["9C", "9H", "9S"], caption: "Scat: three of a rank" },
      ],
    },
    {
      heading: "Your turn",
      text: [
        "Draw from the deck or take the top discard, then discard any card (even the one you just took).",
        "If your three cards now make a Skit or a Scat you may declare it: the cards go face up. Or keep them and play on.",
        "When time runs out, the table draws and throws the drawn card away for you.",
      ],
    },
    {
      heading: "Who wins the hand",
      text: [
        "A Scat wins the hand at once.",
        "The first Skit starts the final round: everyone else gets one more turn and may declare too. A Scat in that round still wins; otherwise the first Skit wins.",
      ],
    },
    {
      heading: "Paying",
      text: [
        "Everyone starts with 3 tokens. The losers of a hand pay 1 token each into the pot; after a Skit win, players who also declared a Skit in the final round pay nothing.",
        "A player with no tokens left is out. The last player with tokens wins the game and the pot.",
      ],
    },
  ],
  hints: {
    drawDeck: "Your turn: draw from the deck or take the top discard, then discard one card.",
    discard: "Discard one card, aiming for three of a suit in a row (Skit) or three of a rank (Scat).",
    declare: "Your cards make a meld: declare it, or keep playing.",
    endTurn: "Declare your meld, or end your turn and keep your cards hidden.",
    continue: "The hand is over: press Continue when you are ready.",
  },
};
