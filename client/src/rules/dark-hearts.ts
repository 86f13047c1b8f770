/** Dark Hearts in our words (docs/rules/dark-hearts.md, shared/src/games/dark-hearts/README.md). */
import type { GameRules } from "./types.ts";

export const darkHeartsRules: GameRules = {
  game: "dark_hearts",
  title: "Dark Hearts",
  art: "dark",
  goal: "Take as few points as you can, in two shades at once: the lowest single score wins.",
  sections: [
    {
      heading: "Two shades, two scores",
      text: [
        "The deck has a Light face and a Dark face on every card. Whoever leads a trick chooses its shade, and in that trick only the faces of that shade count: for following suit, for winning and for points.",
        "You keep a Light score and a Dark score. Hearts are worth 1 point, the Queen of Spades 13, counting only faces in the trick's shade.",
      ],
      examples: [
        { cards: ["QS/2H"], caption: "In a Light trick: the Queen of Spades, 13 points", shade: "light" },
        { cards: ["QS/2H"], caption: "In a Dark trick: the 2 of hearts, 1 point", shade: "dark" },
      ],
    },
    {
      heading: "A hand",
      text: [
        "Four players get 13 cards each; with three, 17 each and one card stays face down (the leftover). Before play everyone passes three cards: left, right, across, then a hand without passing.",
        "The holder of the Dark 2 of clubs leads it in Dark. Follow the led suit (in the trick's shade) if you can; otherwise play anything. The highest card of the led suit takes the trick and leads next.",
      ],
      examples: [{ cards: ["KS/2C"], caption: "The opening lead: the Dark 2 of clubs", shade: "dark" }],
    },
    {
      heading: "Careful leads",
      text: [
        "On the first trick nobody may play a card whose Dark face is a point card, unless they have nothing else.",
        "You may not lead a card that is a point card in the chosen shade until hearts are broken in that shade (a point card of that shade was taken in a trick of that shade).",
        "With three players, whoever takes the first trick that breaks hearts also takes the leftover.",
      ],
    },
    {
      heading: "Shooting the moon and the end",
      text: [
        "If one player takes every point of a shade in a hand, they score 0 in that shade and everyone else takes those points.",
        "When someone reaches the target (100) in either shade, the player with the lowest single score wins.",
      ],
    },
  ],
  hints: {
    passCards: "Pick three cards to pass, then press PASS 3.",
    lead: "You lead: pick a card, and the shade the trick is played in.",
    play: "Follow the led suit in the trick's shade if you can.",
    continue: "The hand is over: press Continue when you are ready.",
  },
};
