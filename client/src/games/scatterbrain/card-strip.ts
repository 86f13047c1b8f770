/**
 * A row of small cards on the table in front of a seat, in labelled groups: the hole card (face
 * down), a called straight (face up), trophies, hole cards won, captured hands (a face-down stack
 * with its count). Cards overlap to fit the width; a caption sits under each group.
 */
import Phaser from "phaser";
import { CARD_RATIO } from "../../objects/card-art.ts";
import { CardSprite } from "../../objects/card-sprite.ts";
import { standardArt } from "../../objects/standard-art.ts";
import { readable, sharp, textStyle } from "../../objects/style.ts";
import type { Point } from "./layout.ts";

export interface StripGroup {
  /** Card ids; null = face down. */
  readonly cards: readonly (string | null)[];
  readonly caption: string;
  /** Ring the group (e.g. a hole card won, a called straight). */
  readonly ring?: number;
}

export class CardStrip {
  private readonly sprites: CardSprite[] = [];
  private readonly captions: Phaser.GameObjects.Text[] = [];
  private readonly rings: Phaser.GameObjects.Graphics;
  private readonly centres: Point[] = [];
  private depth = 15;

  constructor(private readonly scene: Phaser.Scene) {
    this.rings = scene.add.graphics().setDepth(this.depth - 1);
  }

  setDepth(d: number): this {
    this.depth = d;
    this.rings.setDepth(d - 1);
    return this;
  }

  /**
   * Lays `groups` out from `at` (left edge, vertical centre) within `maxW`. With `rowGap` > 0 the
   * first group (hole card or straight) has its own row and the others go `rowGap` below it.
   */
  show(groups: readonly StripGroup[], at: Point, maxW: number, cardW: number, rowGap = 0): void {
    const live = groups.filter((g) => g.cards.length > 0);
    this.rings.clear();
    this.centres.length = 0;
    const rows = rowGap > 0 && live.length > 1 ? [live.slice(0, 1), live.slice(1)] : [live];
    let k = 0;
    rows.forEach((row, r) => {
      k = this.row(row, { x: at.x, y: at.y + r * rowGap }, maxW, cardW, k);
    });
    for (let i = k; i < this.sprites.length; i++) this.sprites[i]?.setVisible(false);
    for (let i = live.length; i < this.captions.length; i++) this.captions[i]?.setVisible(false);
  }

  private row(groups: readonly StripGroup[], at: Point, maxW: number, cardW: number, k0: number): number {
    const fs = readable(cardW * 0.24);
    const gi0 = this.centres.length;
    // Captions wider than their group push the next group away, so they never overlap; on a phone
    // (small cards, readable text) a caption of two words takes two lines ("YOUR" / "HOLE").
    const wrap = Math.max(cardW * 1.2, 44, maxW / Math.max(1, groups.length) - cardW * 0.3);
    const over = groups.map(
      (g, i) =>
        Math.max(
          0,
          this.caption(gi0 + i)
            .setText(g.caption)
            .setFontSize(fs)
            .setWordWrapWidth(wrap, true).width - cardW,
        ) / 2,
    );
    const gaps = groups.map((_, i) => (i === 0 ? 0 : Math.max(cardW * 0.3, (over[i - 1] ?? 0) + (over[i] ?? 0) + 6)));
    const total = groups.reduce((n, g) => n + g.cards.length, 0);
    const fixed = groups.length * cardW + gaps.reduce((a, b) => a + b, 0);
    const loose = total - groups.length;
    // The first caption's overhang shifts the cards right: the cards get the width left after it.
    const room = maxW - (over[0] ?? 0) - fixed;
    const step = loose > 0 ? Math.min(cardW * 0.62, Math.max(cardW * 0.2, room / loose)) : 0;
    const h = cardW * CARD_RATIO;
    let x = at.x + cardW / 2 + (over[0] ?? 0);
    let k = k0;
    groups.forEach((g, gi) => {
      x += gaps[gi] ?? 0;
      const x0 = x;
      g.cards.forEach((card, i) => {
        this.sprite(k++, card)
          .setCardWidth(cardW)
          .setPosition(x, at.y)
          .setDepth(this.depth + k * 0.01)
          .setVisible(true);
        if (i < g.cards.length - 1) x += step;
      });
      this.centres.push({ x: (x0 + x) / 2, y: at.y });
      this.caption(gi0 + gi)
        .setPosition((x0 + x) / 2, at.y + h / 2 + 2)
        .setVisible(true);
      if (g.ring !== undefined)
        this.rings.lineStyle(3, g.ring, 1).strokeRoundedRect(x0 - cardW / 2 - 3, at.y - h / 2 - 3, x - x0 + cardW + 6, h + 6, 6);
      x += cardW;
    });
    return k;
  }

  /** Centre of the `i`th shown group (for animations), or null. */
  groupPoint(i: number): Point | null {
    return this.centres[i] ?? null;
  }

  setVisible(on: boolean): void {
    if (on) return;
    this.sprites.forEach((s) => s.setVisible(false));
    this.captions.forEach((c) => c.setVisible(false));
    this.rings.clear();
  }

  private sprite(i: number, card: string | null): CardSprite {
    let s = this.sprites[i];
    if (!s) {
      s = new CardSprite(this.scene, card, standardArt);
      this.sprites[i] = s;
    }
    if (s.card !== card) s.setCard(card);
    return s;
  }

  private caption(i: number): Phaser.GameObjects.Text {
    let t = this.captions[i];
    if (!t) {
      t = sharp(
        this.scene.add
          .text(0, 0, "", textStyle(12, "#fff2c0", true))
          .setOrigin(0.5, 0)
          .setAlign("center")
          .setDepth(this.depth + 1),
      );
      t.setShadow(0, 1, "#000000", 3, false, true);
      this.captions[i] = t;
    }
    return t;
  }
}
