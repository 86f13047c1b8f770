/** Hit the Deck in our words (docs/rules/hit-the-deck.md, shared/src/games/hit-the-deck/README.md). */
import type { GameRules } from "./types.ts";

export const hitTheDeckRules: GameRules = {
  game: "hit_the_deck",
  title: "Hit the Deck",
  art: "hit",
  goal: "Get rid of your cards first; the cards left in your hand cost points, and the lowest total wins.",
  sections: [
    {
      heading: "Matching",
      text: [
        "Play one card on the discard pile: a number card on the same colour or the same number; CUT and FLIP on the same colour. If you cannot play, draw one card and play it if it fits.",
        "HIT THE DECK cards go on anything, and anything goes on them.",
      ],
      examples: [{ cards: ["3R.a", "3B.a", "5B.a"], caption: "A red 3, then a blue 3 (same number), then a blue 5 (same colour)" }],
    },
    {
      heading: "Action cards",
      text: [
        "CUT THE DECK: the next player is skipped and cuts the deck; the card cut to the top then acts on the following player.",
        "FLIP THE DECK: the two piles are turned over and swapped, play changes direction, and you play again.",
        "WITH A NUMBER / WITH A COLOUR: the next players must play that number or colour (or draw) until someone does.",
      ],
      examples: [{ cards: ["CR.a", "FB", "H3.a", "HY"], caption: "Cut, Flip, Hit with a number, Hit with a colour" }],
    },
    {
      heading: "Slap! (WITH A HAND)",
      text: [
        "When a WITH A HAND card comes up, everyone slaps (the Slap button, or the space bar) as fast as they can. The player who played it must also press Call within 2 seconds.",
        "Anyone who does not slap draws 4; if everyone slaps, the slowest draws 4; a missed call makes only the caller draw 4. Reaction times are measured on the server, allowing for each player's connection, so a slow network does not make you slow.",
        "Slapping when nothing was played (a fake-out) costs 2 cards.",
      ],
      examples: [{ cards: ["HH.a"], caption: "HIT THE DECK WITH A HAND: slap!" }],
    },
    {
      heading: "Scoring",
      text: [
        "The hand ends when someone plays their last card. The others score their cards: numbers at face value, every action card 10. When someone reaches the target, the lowest total wins.",
      ],
    },
  ],
  // In order: the first whose action is legal shows; "slap@race" only while a race is open.
  hints: {
    play: "Your turn: play a card of the same colour or number, or draw. Slap only when a WITH A HAND card is played: a wrong slap costs 2 cards.",
    draw: "Nothing fits: draw a card (it is played if it fits).",
    call: "You played WITH A HAND: press Call now, and slap!",
    "slap@race": "WITH A HAND! Slap as fast as you can: the slowest draws 4!",
    continue: "The hand is over: press Continue when you are ready.",
    slap: "Wait for your turn. Slap only when a WITH A HAND card is played: a slap at any other time costs 2 cards.",
  },
};
