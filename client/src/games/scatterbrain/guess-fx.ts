/**
 * The reveal of a guess, for everyone: a card in hand is handed over (it pops up at the holder
 * and flies to the guesser's trophies), a hole card is turned face up and taken, a miss shows
 * the named card crossed out in the middle of the table.
 */
import type Phaser from "phaser";
import { num, str, type Json } from "../../net/snapshot.ts";
import { banner } from "../../objects/card-fx.ts";
import { CardSprite } from "../../objects/card-sprite.ts";
import { standardArt } from "../../objects/standard-art.ts";
import { COLORS } from "../../objects/style.ts";
import type { Point } from "./layout.ts";
import { cardLabel } from "./view-model.ts";

export interface FxStage {
  readonly scene: Phaser.Scene;
  readonly mySeat: number | null;
  handPoint(seat: number): Point;
  holePoint(seat: number): Point;
  trophyPoint(seat: number): Point;
  readonly deckPoint: Point;
  readonly discardTop: Point;
  readonly discardLanding: Point;
  readonly cardW: number;
  /** Where the deal's "memorise" banner sits (a fraction of the height): clear of the memorise countdown. */
  readonly memoriseBannerAt: number;
  name(seat: number): string;
}

function card(stage: FxStage, id: string | null, at: Point, w: number): CardSprite {
  const { width, height } = stage.scene.scale;
  const x = Math.min(Math.max(at.x, w), width - w);
  const y = Math.min(Math.max(at.y, w * 1.2), height - w * 1.2);
  return new CardSprite(stage.scene, id, standardArt).setCardWidth(w).setPosition(x, y).setDepth(85);
}

/** Turns `sprite` over to show `id`, then runs `then`. */
export function flip(stage: FxStage, sprite: CardSprite, id: string, then: () => void): void {
  const sx = sprite.scaleX;
  stage.scene.tweens.add({
    targets: sprite,
    scaleX: 0,
    duration: 200,
    ease: "Quad.easeIn",
    onComplete: () => {
      sprite.setCard(id);
      stage.scene.tweens.add({ targets: sprite, scaleX: sx, duration: 200, ease: "Quad.easeOut", onComplete: then });
    },
  });
}

function flyAway(stage: FxStage, sprite: CardSprite, to: Point, delay: number): void {
  stage.scene.tweens.add({
    targets: sprite,
    x: to.x,
    y: to.y,
    scale: 0.6,
    delay,
    duration: 520,
    ease: "Cubic.easeInOut",
    onComplete: () => sprite.destroy(),
  });
}

function missFx(stage: FxStage, id: string): void {
  const { width, height } = stage.scene.scale;
  const at = { x: width / 2, y: height * 0.45 };
  const sprite = card(stage, id, at, stage.cardW * 1.3)
    .setAlpha(0)
    .setScale(0.7);
  const cross = stage.scene.add.graphics().setDepth(86).setPosition(at.x, at.y).setAlpha(0);
  const r = stage.cardW * 0.6;
  cross.lineStyle(10, COLORS.danger, 1).lineBetween(-r, -r, r, r).lineBetween(-r, r, r, -r);
  stage.scene.tweens.add({ targets: sprite, alpha: 1, scale: 1, duration: 260, ease: "Back.easeOut" });
  stage.scene.tweens.add({ targets: cross, alpha: 1, delay: 300, duration: 200 });
  stage.scene.tweens.add({
    targets: [sprite, cross],
    alpha: 0,
    delay: 1900,
    duration: 400,
    onComplete: () => {
      sprite.destroy();
      cross.destroy();
    },
  });
}

/** When the reveal on screen ends: guesses made in quick succession are shown one after another. */
let busyUntil = 0;
const REVEAL_MS = 2100;

/** How long the guess reveals on screen (or queued) still run, in ms. */
export function guessRevealLeft(): number {
  return Math.max(0, busyUntil - Date.now());
}

/** Plays the `lastGuess` record of a `cardGuessed` event (after the reveal still on screen). */
export function playGuess(stage: FxStage, guess: Json): void {
  const now = Date.now();
  const wait = Math.max(0, busyUntil - now);
  busyUntil = now + wait + REVEAL_MS;
  if (wait === 0) reveal(stage, guess);
  else stage.scene.time.delayedCall(wait, () => reveal(stage, guess));
}

function reveal(stage: FxStage, guess: Json): void {
  const seat = num(guess["seat"], -1);
  const id = str(guess["card"]);
  const holder = typeof guess["holder"] === "number" ? guess["holder"] : null;
  const points = num(guess["points"], 0);
  const outcome = str(guess["outcome"]);
  const who = stage.name(seat);
  const pts = points > 0 ? ` +${points}` : "";
  if (seat < 0 || id === "") return;
  if (outcome === "miss" || holder === null) {
    banner(stage.scene, `${who} named ${cardLabel(id)}: miss`, "#ffb3aa");
    missFx(stage, id);
    return;
  }
  const owner = stage.name(holder);
  const deckOut = guess["deckOut"] !== null && guess["deckOut"] !== undefined;
  const to = deckOut && outcome === "hand" ? stage.discardLanding : stage.trophyPoint(seat);
  if (outcome === "hole") {
    banner(stage.scene, `${who} found ${owner === "You" ? "your" : `${owner}'s`} hole card ${cardLabel(id)}!${pts}`, "#7cf5b0");
    const sprite = card(stage, null, stage.holePoint(holder), stage.cardW).setScale(1.4);
    flip(stage, sprite, id, () => flyAway(stage, sprite, to, 700));
    return;
  }
  const text = deckOut
    ? `${who} named ${cardLabel(id)}: held by ${owner === "You" ? "you" : owner}, discarded`
    : `${who} named ${cardLabel(id)}: ${owner === "You" ? "you hand" : `${owner} hands`} it over${pts}`;
  banner(stage.scene, text, "#ffe27a");
  const sprite = card(stage, id, stage.handPoint(holder), stage.cardW).setScale(0.5).setAlpha(0);
  stage.scene.tweens.add({ targets: sprite, alpha: 1, scale: 1.4, duration: 300, ease: "Back.easeOut" });
  flyAway(stage, sprite, to, 900);
}
