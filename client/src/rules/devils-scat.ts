/** Devil's Scat in our words (docs/rules/devils-scat.md, shared/src/games/devils-scat/README.md). */
import type { GameRules } from "./types.ts";

export const devilsScatRules: GameRules = {
  game: "devils_scat",
  title: "Devil's Scat",
  art: "scat",
  goal: "Hold the best three cards when the round ends; first to the target score wins the game.",
  sections: [
    {
      heading: "The deck",
      text: [
        "45 cards in five suits: hearts, stars, gems, swirls and skulls, each from 6 to Ace.",
        "Number cards count their number, J, Q and K count 10, an Ace counts 11.",
      ],
      examples: [{ cards: ["AH", "10S", "QG", "6W", "KX"], caption: "One card of each suit: hearts, stars, gems, swirls, skulls" }],
    },
    {
      heading: "What your hand is worth",
      text: [
        "You hold three cards. Your hand is worth the best of: the cards of one suit added up; 29.5 for three number cards of one suit in a row; 30.5 for three of a kind.",
        "Exactly 31 (an Ace and two cards worth 10 of one suit: any of 10, J, Q, K) is a Scat. Three 6s are the Devil's Scat. Either one is shown at once and wins the round.",
      ],
      examples: [
        { cards: ["KG", "9G", "7H"], caption: "19: only the gems count" },
        { cards: ["7S", "8S", "9S"], caption: "29.5: a run of number cards in one suit" },
        { cards: ["QH", "QS", "QX"], caption: "30.5: three of a kind" },
        { cards: ["AW", "KW", "10W"], caption: "Scat: 31, wins at once" },
        { cards: ["6H", "6G", "6X"], caption: "The Devil's Scat: wins at once" },
      ],
    },
    {
      heading: "Your turn",
      text: [
        "Draw the top card of the deck or take the top discard, then discard one card. A card you took from the discard pile cannot go straight back.",
        "Or knock instead of drawing: everyone else gets one last turn, then the round ends.",
        "When time runs out, the table draws and discards for you (and the move log says so).",
      ],
    },
    {
      heading: "Scoring",
      text: [
        "At the end of a round the highest hand wins it (a tie: nobody). Each round you score: +1 for winning, +1 for a hand of 29 or more, +1 for exactly 31, +1 more if you scored and hold a card of the favoured suit shown in the header. A knocker who is beaten loses 1.",
        "The game ends when the round's winner reaches the target: 15 with 2 players down to 8 with 6.",
      ],
    },
    {
      heading: "Table options",
      text: [
        "Classic scoring: everyone has 3 lives. The lowest hand loses a life (a knocker with the lowest hand loses two; after a Scat everyone else loses one). The last player with lives wins.",
        "Boot a Suit (2-3 players): one random suit is taken out of the game, so the deck is smaller and hands come together faster.",
      ],
    },
  ],
  hints: {
    drawDeck: "Your turn: draw from the deck or take the top discard, then discard one card.",
    discard: "Now discard one of your cards: keep the three that add up best in one suit.",
    knock: "You may knock to give everyone one last turn.",
    continue: "The round is over: press Continue when you are ready.",
  },
};
