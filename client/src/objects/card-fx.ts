/** Short animations any game's event handler can play: a card flying between points, a banner. */
import Phaser from "phaser";
import { spriteFactory } from "./card-sprite.ts";
import type { CardFactory } from "./card-view.ts";
import { sharp, textStyle } from "./style.ts";

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface FlyOptions {
  readonly delay?: number;
  readonly fromScale?: number;
  readonly toScale?: number;
  /** Card art (default: Devil's Scat). */
  readonly factory?: CardFactory;
}

/** A `card` (null: face down) `width` px wide flies from `from` to `to`, then disappears. */
export function flyCard(scene: Phaser.Scene, from: Point, to: Point, card: string | null, width: number, o: FlyOptions = {}): void {
  const delay = o.delay ?? 0;
  const sprite = (o.factory ?? spriteFactory())(scene, card).setCardWidth(width).setPosition(from.x, from.y).setDepth(80);
  sprite.setAlpha(delay > 0 ? 0 : 1).setScale(o.fromScale ?? 1);
  scene.tweens.add({
    targets: sprite,
    x: to.x,
    y: to.y,
    alpha: { from: 1, to: 1 },
    scale: o.toScale ?? 0.9,
    delay,
    duration: 380,
    ease: "Cubic.easeInOut",
    onComplete: () => sprite.destroy(),
  });
}

/** Banners on screen now, so that one popping up meanwhile goes below them instead of on top. */
const shownBanners = new Set<Phaser.GameObjects.Text>();

/**
 * Big text popping up over the table for 1.5 s ("You knocked!", "SLAP!"), centred at `at` (a
 * fraction of the height) or below the banners still on screen, wrapped to the screen's width.
 */
export function banner(scene: Phaser.Scene, text: string, color = "#ffe27a", at = 0.3): void {
  const { width, height } = scene.scale;
  const size = Math.min(44, width / (text.length > 28 ? 16 : 13));
  const label = sharp(scene.add.text(width / 2, 0, text, textStyle(size, color, true)));
  label
    .setOrigin(0.5)
    .setAlign("center")
    .setWordWrapWidth(width - 32, true)
    .setDepth(90)
    .setStroke("#1a0d00", 8);
  let y = height * at;
  for (const other of shownBanners) {
    if (other.scene === scene) y = Math.max(y, other.y + other.height / 2 + label.height / 2 + 4);
  }
  label.setY(y).setScale(0.6).setAlpha(0);
  shownBanners.add(label);
  label.once(Phaser.GameObjects.Events.DESTROY, () => shownBanners.delete(label));
  scene.tweens.add({ targets: label, scale: 1, alpha: 1, duration: 220, ease: "Back.easeOut" });
  scene.tweens.add({ targets: label, alpha: 0, delay: 1500, duration: 400, onComplete: () => label.destroy() });
}

/** Drops every banner on screen (a Hit the Deck race title takes their place). */
export function clearBanners(): void {
  for (const label of shownBanners) label.destroy();
  shownBanners.clear();
}
