/**
 * Animations for the server's events besides the race itself: cards played and drawn, penalty
 * cards flying to the one who draws them (with "+4" / "+2 fake-out"), cuts, flips, demands.
 * Purely visual; the state patch is what the table renders.
 */
import type Phaser from "phaser";
import { num, str, type Json } from "../../net/snapshot.ts";
import { banner as sharedBanner, flyCard } from "../../objects/card-fx.ts";
import { sharp, textStyle } from "../../objects/style.ts";
import { hitFactory } from "./card-art.ts";
import { COLOURS, isColour } from "./glyphs.ts";
import type { Point } from "./layout.ts";
import { raceClock } from "./race-clock.ts";

export interface FxStage {
  readonly scene: Phaser.Scene;
  seatPoint(seat: number): Point;
  pilePoint(pile: "deck" | "discard"): Point;
  readonly pileWidth: number;
  name(seat: number): string;
  readonly mySeat: number | null;
}

function fly(
  stage: FxStage,
  from: Point,
  to: Point,
  card: string | null,
  o: { delay?: number; fromScale?: number; toScale?: number } = {},
): void {
  flyCard(stage.scene, from, to, card, stage.pileWidth, { factory: hitFactory, ...o });
}

const seatScale = (stage: FxStage, seat: number): number => (seat === stage.mySeat ? 0.95 : 0.4);

/** Floating text over a seat ("+4", a call). */
export function floatText(scene: Phaser.Scene, at: Point, text: string, color = "#ffb3aa", size = 30): void {
  const t = sharp(scene.add.text(at.x, at.y, text, textStyle(size, color, true)))
    .setOrigin(0.5)
    .setDepth(92)
    .setStroke("#1a0d00", 6);
  t.setX(Math.min(Math.max(at.x, t.width / 2 + 4), scene.scale.width - t.width / 2 - 4));
  scene.tweens.add({ targets: t, y: at.y - 60, alpha: { from: 1, to: 0 }, delay: 700, duration: 1300, onComplete: () => t.destroy() });
}

/** A banner above the race title while a race is open. */
export function banner(scene: Phaser.Scene, text: string, color = "#ffe27a"): void {
  sharedBanner(scene, text, color, raceClock.openRace ? 0.21 : 0.3);
}

function penalty(stage: FxStage, e: Json, seat: number): void {
  const count = num(e["count"], 0);
  const to = stage.seatPoint(seat);
  for (let i = 0; i < count; i++) fly(stage, stage.pilePoint("deck"), to, null, { delay: i * 120, toScale: seatScale(stage, seat) });
  const why = str(e["reason"]) === "fake-out" ? " fake-out!" : str(e["reason"]) === "missed-call" ? " no call!" : "";
  floatText(stage.scene, to, `+${count}${why}`);
}

function demandBanner(stage: FxStage, d: Json): void {
  const c = str(d["colour"]);
  const what = d["kind"] === "number" ? `a ${num(d["number"], 0)}` : isColour(c) ? `${COLOURS[c].glyph} ${COLOURS[c].name}` : c;
  banner(stage.scene, `Next: play ${what}!`, "#ffe27a");
}

/** Plays one event; the race events are the race view's. */
export function playEvent(stage: FxStage, e: Json): void {
  const seat = num(e["seat"], -1);
  const who = seat >= 0 ? stage.name(seat) : "";
  const card = typeof e["card"] === "string" ? e["card"] : null;
  switch (str(e["type"])) {
    case "cardPlayed":
      if (seat >= 0) fly(stage, stage.seatPoint(seat), stage.pilePoint("discard"), card, { fromScale: seatScale(stage, seat), toScale: 1 });
      return;
    case "cardDrawn":
      if (seat >= 0) fly(stage, stage.pilePoint("deck"), stage.seatPoint(seat), card, { toScale: seatScale(stage, seat) });
      return;
    case "penaltyDrawn":
      if (seat >= 0) penalty(stage, e, seat);
      return;
    case "fakedOut":
      banner(stage.scene, `${who} faked out! Draw 2`, "#ffb3aa");
      return;
    case "deckCut":
      banner(stage.scene, `${who} cut the deck!`, "#d8f5e0");
      return;
    case "deckFlipped":
      banner(stage.scene, `${who} flipped! ${num(e["direction"], 1) === 1 ? "⟳ left" : "⟲ right"}`, "#d8f5e0");
      return;
    case "demandSet":
      if (typeof e["demand"] === "object" && e["demand"] !== null) demandBanner(stage, e["demand"] as Json);
      return;
    case "deckReshuffled":
      banner(stage.scene, "Deck reshuffled", "#d8f5e0");
      return;
    case "wentOut":
      banner(stage.scene, seat === stage.mySeat ? "You went out!" : `${who} went out!`);
      return;
    case "turnTimedOut":
      banner(stage.scene, seat === stage.mySeat ? "Out of time!" : `${who} ran out of time`, "#ffb3aa");
      return;
    case "roundDealt":
      if (num(e["round"], 0) > 1) banner(stage.scene, `Hand ${num(e["round"], 0)}`, "#d8f5e0");
      return;
    default:
      return;
  }
}
