/**
 * Banners for the server's `events`: hearts breaking, the exchange, time-outs, the leftover and
 * a new hand. Purely visual; the state patch is what the table renders.
 */
import type Phaser from "phaser";
import { num, str, type Json } from "../../net/snapshot.ts";
import { banner } from "../../objects/card-fx.ts";
import { asShade, directionText, SHADE_ICON, SHADE_NAME } from "./view-model.ts";

export interface FxStage {
  readonly scene: Phaser.Scene;
  readonly mySeat: number | null;
  name(seat: number): string;
}

function seatsText(stage: FxStage, v: unknown): string {
  return (Array.isArray(v) ? v : [])
    .filter((s): s is number => typeof s === "number")
    .map((s) => stage.name(s))
    .join(", ");
}

/** Plays one event; unknown types are ignored. */
export function playEvent(stage: FxStage, e: Json): void {
  const seat = num(e["seat"], -1);
  const who = seat >= 0 ? stage.name(seat) : "";
  switch (str(e["type"])) {
    case "heartsBroken": {
      const shade = asShade(e["shade"]);
      if (shade) banner(stage.scene, `Hearts broken in ${SHADE_ICON[shade]} ${SHADE_NAME[shade]}!`, "#ffb3aa");
      return;
    }
    case "roundDealt": {
      const dir = str(e["passDirection"]);
      banner(stage.scene, `Hand ${num(e["round"], 1)} · ${dir === "hold" ? "no pass" : `pass ${directionText(dir)}`}`, "#d8f5e0");
      return;
    }
    case "cardsPassed":
      if (num(e["to"], -1) === stage.mySeat && stage.mySeat !== null)
        banner(stage.scene, `${stage.name(num(e["from"], -1))} passed you 3 cards`, "#d8f5e0");
      return;
    case "passTimedOut":
      banner(stage.scene, `Time! Passed for ${seatsText(stage, e["seats"])}`, "#ffb3aa");
      return;
    case "turnTimedOut":
      banner(stage.scene, seat === stage.mySeat ? "Out of time: the server played for you" : `${who} ran out of time`, "#ffb3aa");
      return;
    case "leftoverTaken": {
      const l = (e["leftover"] ?? {}) as Json;
      banner(stage.scene, `${stage.name(num(l["seat"], -1))} takes the leftover (+${num(l["points"])})`, "#ffe27a");
      return;
    }
    default:
      return;
  }
}
