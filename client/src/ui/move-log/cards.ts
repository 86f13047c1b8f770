/** Card ids as words for the move log, in each game's notation. */
import { cardName } from "../../games/hit-the-deck/card-art.ts";

const STANDARD: Readonly<Record<string, string>> = { C: "♣", D: "♦", H: "♥", S: "♠" };
/** Devil's Scat's five suits (shared/src/games/devils-scat/README.md). */
const SCAT: Readonly<Record<string, string>> = { H: "hearts", S: "stars", G: "gems", W: "swirls", X: "skulls" };

function standard(id: string): string {
  const suit = id.slice(-1);
  return `${id.slice(0, -1)}${STANDARD[suit] ?? suit}`;
}

/** The card as a player reads it: `7♥`, `Q of skulls`, `4♥ / 10♦` (Light / Dark), `Red 3`. */
export function cardWords(game: string, id: unknown): string {
  if (typeof id !== "string" || id === "") return "a card";
  switch (game) {
    case "devils_scat": {
      const suit = id.slice(-1);
      return `${id.slice(0, -1)} of ${SCAT[suit] ?? suit}`;
    }
    case "hit_the_deck":
      return cardName(id);
    case "dark_hand":
    case "dark_hearts": {
      const [light, dark] = id.split("/");
      return dark === undefined ? standard(id) : `${standard(light ?? "")} / ${standard(dark)}`;
    }
    default:
      return standard(id);
  }
}

/** One face of a Dark card in the shade a trick is played in. */
export function faceWords(id: unknown, shade: unknown): string {
  if (typeof id !== "string") return "a card";
  const [light, dark] = id.split("/");
  const face = shade === "dark" ? dark : light;
  return face ? `${standard(face)} (${shade === "dark" ? "Dark" : "Light"})` : standard(id);
}
