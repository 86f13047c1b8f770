/**
 * The Skits and Scats laid face up this hand, in a row under the piles: each with its owner and
 * kind, its three cards shown in the shade it was declared in (the other face in the inset).
 */
import Phaser from "phaser";
import { CARD_RATIO } from "../../objects/card-art.ts";
import type { CardView } from "../../objects/card-view.ts";
import { readable, sharp, textStyle } from "../../objects/style.ts";
import type { Point } from "./layout.ts";
import { meldLabel, type MeldInfo } from "./view-model.ts";
import type { MeldCardFactory } from "./cards.ts";

interface Group {
  readonly label: Phaser.GameObjects.Text;
  readonly cards: CardView[];
}

export class MeldsView {
  private groups: Group[] = [];
  private key = "";

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly make: MeldCardFactory,
  ) {}

  update(melds: readonly MeldInfo[], name: (seat: number) => string, at: Point & { w: number; cardW: number }): void {
    const key = JSON.stringify(melds);
    if (key !== this.key) {
      this.key = key;
      this.clear();
      this.groups = melds.map((m) => this.build(m, name(m.seat)));
    }
    this.place(at);
  }

  /** Centre of the meld of `seat` (where declared cards fly to). */
  pointOf(index: number): Point | null {
    const g = this.groups[index];
    const c = g?.cards[1];
    return c ? { x: c.x, y: c.y } : null;
  }

  private build(m: MeldInfo, who: string): Group {
    const extra = m.forfeit ? " · forfeit" : m.finalRound ? " · final round" : "";
    const label = sharp(
      this.scene.add.text(0, 0, `${who}: ${meldLabel(m.kind, m.shade).toUpperCase()}${extra}`, textStyle(14, "#fff1b8", true)),
    );
    label.setOrigin(0.5, 1).setDepth(30).setShadow(0, 1, "#000000", 3, false, true);
    const cards = m.cards.map((c) => this.make(this.scene, c, m.shade).setDepth(30));
    return { label, cards };
  }

  private place(at: Point & { w: number; cardW: number }): void {
    const n = this.groups.length;
    if (n === 0) return;
    const gap = at.cardW * 0.5;
    const natural = at.cardW * 2.9;
    const groupW = Math.min(natural, (at.w - gap * (n - 1)) / n);
    const cardW = Math.min(at.cardW, groupW / 2.9);
    const total = n * groupW + (n - 1) * gap;
    this.groups.forEach((g, i) => {
      const cx = at.x - total / 2 + groupW / 2 + i * (groupW + gap);
      g.cards.forEach((c, k) => c.setCardWidth(cardW).setPosition(cx + (k - 1) * cardW * 0.95, at.y));
      // Too wide for its group (a lone group has the whole row): on two lines (upwards), never
      // smaller than readable.
      const room = n === 1 ? at.w : groupW + gap - 4;
      g.label
        .setPosition(cx, at.y - (cardW * CARD_RATIO) / 2 - 3)
        .setFontSize(readable(cardW * 0.3))
        .setAlign("center")
        .setWordWrapWidth(room, true);
    });
  }

  private clear(): void {
    for (const g of this.groups) {
      g.label.destroy();
      g.cards.forEach((c) => c.destroy());
    }
    this.groups = [];
  }

  destroy(): void {
    this.clear();
  }
}
