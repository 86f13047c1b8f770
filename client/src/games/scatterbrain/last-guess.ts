/** The last guess in words, shown under the discard pile until the next one ("Ann named 6♦: Bob handed it over, +2"). */
import type { TableSnap } from "../../net/snapshot.ts";
import { cardLabel, seatName } from "./view-model.ts";

export function lastGuessText(snap: TableSnap, mySeat: number | null): string {
  const g = snap.info["lastGuess"];
  if (typeof g !== "object" || g === null || snap.phase === "memorise" || snap.phase === "chooseHole") return "";
  const guess = g as Record<string, unknown>;
  const seat = typeof guess["seat"] === "number" ? guess["seat"] : -1;
  const card = typeof guess["card"] === "string" ? cardLabel(guess["card"]) : "?";
  const holder = typeof guess["holder"] === "number" ? guess["holder"] : null;
  const points = typeof guess["points"] === "number" ? guess["points"] : 0;
  const who = seatName(snap, seat, mySeat);
  const owner = holder === null ? "" : seatName(snap, holder, mySeat);
  const pts = points > 0 ? `, +${points}` : ", no points";
  const what =
    guess["outcome"] === "hole"
      ? `✔ ${owner === "You" ? "your" : `${owner}'s`} HOLE CARD${pts}`
      : guess["outcome"] === "hand"
        ? `✔ ${owner === "You" ? "you" : owner} held it${guess["deckOut"] ? ": onto the discard pile" : ", handed over"}${pts}`
        : "✖ miss: nobody holds it";
  return `Last guess: ${who} named ${card} · ${what}`;
}
