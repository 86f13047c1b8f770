/**
 * What the keyboard and screen-reader layer (table-a11y.ts) says about each game: card names,
 * action labels, which actions belong to a pile, extra table facts and the game's shortcuts.
 * Everything else is generic: the controls come from `mine.legal`, so a game whose actions
 * read well through `ACTION_WORDS` needs no entry at all. A new game adds one entry to `GAMES`.
 */
import type { Json, LegalAction, TableSnap } from "../net/snapshot.ts";
import { cardWords, faceWords } from "../ui/move-log/cards.ts";
import { trickOf } from "../games/dark-hearts/view-model.ts";
import { raceClock } from "../games/hit-the-deck/race-clock.ts";
import { seatLabel } from "../ui/names.ts";

export interface A11yGame {
  /** Table facts read before the piles (a Dark Hearts trick, the shade in force...). */
  facts?(snap: TableSnap, mySeat: number | null): string[];
  /** A label for an action, or null for the generic words. */
  label?(a: LegalAction, card: (id: string) => string): string | null;
  /** The action actually sent (Hit the Deck stamps a slap with its reaction time); null: send nothing. */
  send?(a: LegalAction): (Json & { type: string }) | null;
  /** The action a card of the hand takes in this game (a refused click asks the table with it). */
  readonly cardType?: string;
  /** Shortcut keys the game's own view handles, documented in the layer's help line. */
  readonly shortcuts?: string;
}

/** Pile a draw-like action belongs to: the pile's control sends it. */
export const PILE_OF: Readonly<Record<string, string>> = { drawDeck: "deck", drawDiscard: "discard", draw: "deck" };

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const shadeWord = (v: unknown): string => (v === "dark" ? "Dark" : v === "light" ? "Light" : "");

/** Generic words per action type; `c` is the card's name when the action names one. */
const ACTION_WORDS: Readonly<Record<string, (a: LegalAction, c: string) => string>> = {
  drawDeck: () => "Draw from the deck",
  drawDiscard: () => "Take the top discard",
  draw: () => "Draw a card",
  knock: () => "Knock",
  continue: () => "Continue",
  discard: (_a, c) => `Discard ${c}`,
  play: (_a, c) => `Play ${c}`,
  lead: (a, c) => `Lead ${c} as ${shadeWord(a["shade"])}`,
  chooseHole: (_a, c) => `Keep ${c} as your hole card`,
  callScatterbrain: () => "Call Scatterbrain!",
  declineCall: () => "Keep playing (no call)",
  guess: (_a, c) => `Guess ${c}`,
  skipGuess: () => "Skip guessing",
  declare: (a) => `Declare${a["shade"] ? ` in ${shadeWord(a["shade"])}` : ""}`,
  endTurn: () => "End turn",
  call: (a) => (a["shade"] ? `Call ${shadeWord(a["shade"])}` : "Call “Hit the deck with a hand!”"),
  slap: () => "Slap",
  passCards: () => "Pass the three selected cards",
};

export function actionLabel(game: string, a: LegalAction): string {
  const card = (id: string): string => cardWords(game, id);
  const own = GAMES[game]?.label?.(a, card);
  if (own) return own;
  const words = ACTION_WORDS[a.type];
  return words ? words(a, typeof a.card === "string" ? card(a.card) : "") : cap(a.type.replace(/([A-Z])/g, " $1").toLowerCase());
}

const GAMES: Readonly<Record<string, A11yGame>> = {
  devils_scat: { cardType: "discard" },
  skit_scat: { cardType: "discard" },
  scatterbrain: { cardType: "discard" },
  dark_hearts: {
    cardType: "play",
    facts(snap, mySeat) {
      const trick = trickOf(snap.info["trick"]);
      if (!trick || trick.plays.length === 0) return trick ? [`New trick, ${shadeWord(trick.shade)} shade`] : [];
      const plays = trick.plays.map(
        (p) => `${p.seat === mySeat ? "you" : seatLabel(snap.seats[p.seat]?.name, p.seat)}: ${faceWords(p.card, trick.shade)}`,
      );
      return [`Trick in ${shadeWord(trick.shade)}: ${plays.join(", ")}`];
    },
    label(a, card) {
      if (a.type === "lead" && typeof a.card === "string") return `Lead ${faceWords(a.card, a["shade"])} (card ${card(a.card)})`;
      return null;
    },
  },
  hit_the_deck: {
    cardType: "play",
    shortcuts: "Space slaps, C calls, D draws.",
    send(a) {
      if (a.type !== "slap") return a as Json & { type: string };
      return raceClock.slapFor(performance.timeOrigin + performance.now(), true);
    },
  },
  dark_hand: {
    cardType: "discard",
    facts(snap) {
      const pot = snap.info["pot"];
      return typeof pot === "number" ? [`Pot: ${pot} tokens`] : [];
    },
  },
};

export function a11yGame(game: string): A11yGame {
  return GAMES[game] ?? {};
}
