/**
 * Animations for the server's `events` messages: cards flying between piles and hands, deals,
 * knocks and scats. Purely visual; the state patch is what the table renders.
 */
import type Phaser from "phaser";
import { num, str, type Json } from "../../net/snapshot.ts";
import { banner, flyCard as flyAny, type FlyOptions } from "../../objects/card-fx.ts";
import type { Point } from "./layout.ts";

export interface FxStage {
  readonly scene: Phaser.Scene;
  seatPoint(seat: number): Point;
  pilePoint(pile: string): Point;
  readonly pileWidth: number;
  name(seat: number): string;
  readonly mySeat: number | null;
}

function eventType(e: Json): string {
  return str(e["type"]) || str(e["kind"]) || str(e["event"]);
}

function cardOf(e: Json): string | null {
  const c = e["card"];
  return typeof c === "string" && c !== "" ? c : null;
}

export function flyCard(stage: FxStage, from: Point, to: Point, card: string | null, o: FlyOptions = {}): void {
  flyAny(stage.scene, from, to, card, stage.pileWidth, o);
}

/** Cards at an opponent's place are drawn small; the own hand is pile-sized. */
function seatScale(stage: FxStage, seat: number): number {
  return seat === stage.mySeat ? 0.95 : 0.4;
}

function dealt(stage: FxStage, seat: number, count: number): void {
  const from = stage.pilePoint("deck");
  const toScale = seatScale(stage, seat);
  for (let c = 0; c < count; c++) flyCard(stage, from, stage.seatPoint(seat), null, { delay: 90 * (c * 3 + seat), toScale });
}

/** Plays one event; unknown types are ignored. */
export function playEvent(stage: FxStage, e: Json): void {
  const seat = num(e["seat"], -1);
  const who = seat >= 0 ? stage.name(seat) : "";
  switch (eventType(e)) {
    case "cardDrawn": {
      const from = str(e["from"]) || str(e["pile"]) || "deck";
      if (seat >= 0) flyCard(stage, stage.pilePoint(from), stage.seatPoint(seat), cardOf(e), { toScale: seatScale(stage, seat) });
      return;
    }
    case "cardDiscarded":
      if (seat >= 0)
        flyCard(stage, stage.seatPoint(seat), stage.pilePoint("discard"), cardOf(e), { fromScale: seatScale(stage, seat), toScale: 1 });
      return;
    case "knocked":
      banner(stage.scene, seat === stage.mySeat ? "You knocked!" : `${who} knocked!`);
      return;
    case "scatRevealed":
      banner(stage.scene, `${who}: ${e["devilsScat"] === true ? "the Devil's Scat!" : "SCAT!"}`, "#ff9a7a");
      return;
    case "handDealt":
      if (seat >= 0) dealt(stage, seat, num(e["count"], 3));
      return;
    case "roundDealt":
      if (num(e["round"], 0) > 1) banner(stage.scene, `Round ${num(e["round"], 0)}`, "#d8f5e0");
      return;
    case "deckReshuffled":
      banner(stage.scene, "Deck reshuffled", "#d8f5e0");
      return;
    case "turnTimedOut":
      banner(stage.scene, seat === stage.mySeat ? "Out of time!" : `${who} ran out of time`, "#ffb3aa");
      return;
    default:
      return;
  }
}
