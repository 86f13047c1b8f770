/**
 * The whole discard pile, readable: every card fanned left to right so each corner index shows,
 * wrapping into further rows when it gets long. The top card (last) is clickable when taking it
 * is legal (target `pile:discard`).
 */
import Phaser from "phaser";
import { CARD_RATIO } from "../../objects/card-art.ts";
import { CardSprite } from "../../objects/card-sprite.ts";
import { standardArt } from "../../objects/standard-art.ts";
import { canvasTarget, readable, sharp, textStyle } from "../../objects/style.ts";
import type { Target } from "../../test-hook.ts";
import type { Point, Rect } from "./layout.ts";

export class DiscardFan {
  private readonly sprites: CardSprite[] = [];
  private readonly label: Phaser.GameObjects.Text;
  private clickable = false;
  private top: CardSprite | null = null;
  private topAt: Point = { x: 0, y: 0 };
  private nextAt: Point = { x: 0, y: 0 };

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly onPick: () => void,
  ) {
    this.label = sharp(
      scene.add
        .text(0, 0, "", textStyle(14, "#e8f3ea", true))
        .setOrigin(0, 1)
        .setDepth(12),
    );
  }

  /** `cards` bottom to top, inside `box`; `maxCardW` caps the card size. */
  show(cards: readonly string[], box: Rect, maxCardW: number, clickable: boolean): void {
    this.clickable = clickable;
    const n = cards.length;
    const { cardW, perRow, step, rowStep } = fit(n, box, maxCardW);
    const h = cardW * CARD_RATIO;
    cards.forEach((card, i) => {
      const row = Math.floor(i / perRow);
      const col = i % perRow;
      const s = this.sprite(i, card);
      s.setCardWidth(cardW)
        .setPosition(box.x + cardW / 2 + col * step, box.y + h / 2 + 16 + row * rowStep)
        .setDepth(12 + i * 0.01)
        .setVisible(true);
      s.setMark(i === n - 1 && clickable ? "legal" : "none");
    });
    for (let i = n; i < this.sprites.length; i++) this.sprites[i]?.setVisible(false);
    this.top = n > 0 ? (this.sprites[n - 1] ?? null) : null;
    if (this.top) this.topAt = { x: this.top.x, y: this.top.y };
    const nextRow = Math.floor(n / perRow);
    this.nextAt = { x: box.x + cardW / 2 + (n % perRow) * step, y: box.y + h / 2 + 16 + nextRow * rowStep };
    this.label
      .setText(n > 0 ? `Discard pile · ${n}${clickable ? "  (top card: take it)" : ""}` : "Discard pile")
      .setPosition(box.x, box.y + 12);
    this.label.setFontSize(readable(Math.min(15, cardW * 0.22)));
  }

  setVisible(on: boolean): void {
    this.label.setVisible(on);
    if (!on) this.sprites.forEach((s) => s.setVisible(false));
  }

  /** The top card (draws leave from here). */
  get topPoint(): Point {
    return this.topAt;
  }

  /** Where the next discard lands. */
  get landing(): Point {
    return this.nextAt;
  }

  target(): Target | null {
    return this.top?.visible ? canvasTarget("pile:discard", this.top, this.clickable) : null;
  }

  private sprite(i: number, card: string): CardSprite {
    let s = this.sprites[i];
    if (!s) {
      s = new CardSprite(this.scene, card, standardArt);
      s.onClick(() => {
        if (this.clickable && s === this.top) this.onPick();
      });
      this.sprites[i] = s;
    }
    if (s.card !== card) s.setCard(card);
    return s;
  }
}

/** The largest cards (up to `maxCardW`) whose corner indexes all show within `box`. */
function fit(n: number, box: Rect, maxCardW: number): { cardW: number; perRow: number; step: number; rowStep: number } {
  for (let cardW = maxCardW; ; cardW -= 2) {
    const minStep = cardW * 0.36;
    const perRow = Math.max(1, Math.floor((box.w - cardW) / minStep) + 1);
    const rows = Math.max(1, Math.ceil(n / perRow));
    const rowStep = cardW * CARD_RATIO * 0.55;
    const height = cardW * CARD_RATIO + (rows - 1) * rowStep + 16;
    if (height <= box.h || cardW <= 26) {
      const inRow = Math.min(n, perRow);
      const step = inRow > 1 ? Math.min(cardW * 0.62, (box.w - cardW) / (inRow - 1)) : 0;
      return { cardW, perRow, step, rowStep };
    }
  }
}
