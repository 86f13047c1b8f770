/** Dark Hand in our words (docs/rules/dark-hand.md, shared/src/games/dark-hand/README.md). */
import type { GameRules } from "./types.ts";

export const darkHandRules: GameRules = {
  game: "dark_hand",
  title: "Dark Hand",
  art: "dark",
  goal: "Skit Scat on a two-faced deck: make three matching cards in one shade, call your shade for double stakes, and be the last player with tokens.",
  sections: [
    {
      heading: "A deck with two faces",
      text: [
        "Every card has a Light face (cream) and a Dark face (night blue, with a crescent); the small chip in the corner shows the other face. Both faces travel together: whoever sees the card sees both.",
        "The Show Dark / Show Light button turns every card over so you can read your hand either way.",
      ],
      examples: [
        { cards: ["5H/9C", "6H/8S", "7H/KD"], caption: "Light faces: 5-6-7 of hearts, a Skit in Light", shade: "light" },
        {
          cards: ["5H/9C", "6H/8S", "7H/KD"],
          caption: "The same cards in Dark: 9 of clubs, 8 of spades, K of diamonds: nothing",
          shade: "dark",
        },
      ],
    },
    {
      heading: "Skit and Scat, in one shade",
      text: [
        "A Skit is three cards of one suit in a row (Ace low or high, never K-A-2); a Scat is three of one rank. All three cards must make it with the same shade: all Light faces, or all Dark faces.",
        "Turns are as in Skit Scat: draw from the deck or take the top discard, discard one, then declare a meld or play on. A Scat wins at once; the first Skit starts a final round in which everyone else gets one more turn.",
      ],
      examples: [{ cards: ["KC/5S", "KD/6S", "JD/7S"], caption: "A Skit in Dark: 5-6-7 of spades", shade: "dark" }],
    },
    {
      heading: "Calls: Light Hand! and Dark Hand!",
      text: [
        "From the deal until the end of your first turn, you may call a shade at any moment, even when it is not your turn (the Light Hand! and Dark Hand! buttons by the Jokers). Each Joker goes to the first player who calls its shade.",
        "The caller puts a token on the Joker and from then on may only win in the called shade. After your first turn you may call only during your own turn, and not declare in the turn you called.",
      ],
    },
    {
      heading: "Payments",
      text: [
        "Everyone starts with 5 tokens (7 with the option). A normal loss costs 1 token.",
        "A caller who wins in the called shade takes the Joker token back, and everyone else pays 2.",
        "A caller who loses forfeits the Joker token to the pot and pays as well: 2 in all, or 3 when the other caller won in their shade.",
        "Without tokens you are out; the last player with tokens wins the pot.",
      ],
    },
    {
      heading: "Table options",
      text: [
        "7 tokens: a longer game.",
        "Forfeit Play: a caller may still win with a meld of the other shade, giving up the Joker token; it never makes the others pay double.",
      ],
    },
  ],
  hints: {
    call: "You may call Light Hand! or Dark Hand! now: double stakes if you win in that shade.",
    drawDeck: "Your turn: draw from the deck or take the top discard, then discard one card.",
    discard: "Discard one card. Show Dark / Show Light reads your hand in the other shade.",
    declare: "Your cards make a meld: declare it, or keep playing.",
    endTurn: "Declare your meld, or end your turn and keep your cards hidden.",
    continue: "The hand is over: press Continue when you are ready.",
  },
};
