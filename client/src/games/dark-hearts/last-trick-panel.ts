/**
 * The last trick on demand: a panel over the table with its cards in play order (the face that
 * counted large, the others dimmed), who took it and for how many points. Tap to close.
 */
import Phaser from "phaser";
import { CARD_RATIO } from "../../objects/card-art.ts";
import { readable, sharp, textStyle } from "../../objects/style.ts";
import type { Point } from "./layout.ts";
import { TrickCard } from "./trick-card.ts";
import { trickCaption } from "./trick-view.ts";
import { SHADE_ICON, type TrickShown } from "./view-model.ts";

export class LastTrickPanel extends Phaser.GameObjects.Container {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly title: Phaser.GameObjects.Text;
  private readonly sub: Phaser.GameObjects.Text;
  private readonly hit: Phaser.GameObjects.Zone;
  private cards: TrickCard[] = [];
  private key = "";

  constructor(scene: Phaser.Scene, onClose: () => void) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    this.hit = scene.add.zone(0, 0, 10, 10).setInteractive().on("pointerup", onClose);
    this.title = sharp(scene.add.text(0, 0, "", textStyle(16, "#fff6d8", true)).setOrigin(0.5, 0));
    this.sub = sharp(scene.add.text(0, 0, "", textStyle(14, "#d9f0df")).setOrigin(0.5, 1));
    this.add([this.bg, this.hit, this.title, this.sub]);
    scene.add.existing(this);
    this.setDepth(70).setVisible(false);
  }

  /** Lays out `t` around `at`, at most `maxW` wide. */
  show(t: TrickShown, at: Point, maxW: number, name: (seat: number) => string): this {
    const n = Math.max(1, t.plays.length);
    const cardW = Math.min(96, (maxW - 24) / n - 10);
    const cardH = cardW * CARD_RATIO;
    const w = Math.min(maxW, n * (cardW + 10) + 24);
    const fs = readable(Math.min(16, w / 26));
    this.title
      .setFontSize(fs)
      .setWordWrapWidth(w - 16, true)
      .setText(`Last trick · ${trickCaption(t, t.number, name(t.leader))}`);
    const titleH = this.title.height;
    const taker =
      t.winner === null ? "" : `${name(t.winner)} took it · ${t.points} ${SHADE_ICON[t.shade]} point${t.points === 1 ? "" : "s"}`;
    this.sub
      .setText(`${taker}  (tap to close)`)
      .setFontSize(readable(fs - 1))
      .setAlign("center")
      .setWordWrapWidth(w - 16, true);
    const h = cardH + titleH + this.sub.height + fs * 2.4;
    this.setPosition(at.x, at.y).setVisible(true);
    this.bg
      .clear()
      .fillStyle(0x06140e, 0.94)
      .fillRoundedRect(-w / 2, -h / 2, w, h, 14);
    this.bg.lineStyle(3, 0xf5c542, 0.9).strokeRoundedRect(-w / 2, -h / 2, w, h, 14);
    this.hit.setSize(w, h).input?.hitArea?.setTo(0, 0, w, h);
    this.title.setPosition(0, -h / 2 + 8);
    this.sub.setPosition(0, h / 2 - 6);
    const key = `${t.number}|${t.plays.map((p) => p.card).join(",")}|${cardW}`;
    if (key !== this.key) this.rebuild(t, cardW, name);
    this.key = key;
    const cy = -h / 2 + 8 + titleH + fs * 0.9 + cardH / 2;
    this.cards.forEach((c, i) => c.setPosition((i - (n - 1) / 2) * (cardW + 10), cy));
    return this;
  }

  hide(): void {
    this.setVisible(false);
  }

  private rebuild(t: TrickShown, cardW: number, name: (seat: number) => string): void {
    for (const c of this.cards) c.destroy();
    this.cards = t.plays.map((p) => {
      const view = new TrickCard(this.scene, p.card).show(t, p, name(p.seat), cardW, p.seat === t.winner);
      this.add(view);
      return view;
    });
  }
}
