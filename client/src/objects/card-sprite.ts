/** One card on the table: face or back, with a highlight ring when it can be played. */
import Phaser from "phaser";
import { CARD_RATIO, cardTexture } from "./card-art.ts";
import { COLORS } from "./style.ts";

export type CardMark = "none" | "legal" | "dim";

export class CardSprite extends Phaser.GameObjects.Container {
  private readonly glow: Phaser.GameObjects.Graphics;
  private readonly image: Phaser.GameObjects.Image;
  private mark: CardMark = "none";
  cardWidth = 100;

  constructor(
    scene: Phaser.Scene,
    public card: string | null,
  ) {
    super(scene, 0, 0);
    this.glow = scene.add.graphics();
    this.image = scene.add.image(0, 0, cardTexture(scene.textures, card));
    this.add([this.glow, this.image]);
    scene.add.existing(this);
    this.setCardWidth(this.cardWidth);
  }

  setCard(card: string | null): this {
    this.card = card;
    this.image.setTexture(cardTexture(this.scene.textures, card));
    return this;
  }

  setCardWidth(w: number): this {
    this.cardWidth = w;
    this.image.setDisplaySize(w, w * CARD_RATIO);
    this.setSize(w, w * CARD_RATIO);
    this.input?.hitArea?.setTo(0, 0, w, w * CARD_RATIO);
    this.paintMark();
    return this;
  }

  setMark(mark: CardMark): this {
    if (mark !== this.mark) {
      this.mark = mark;
      this.paintMark();
    }
    return this;
  }

  /** Makes the card clickable; `fn` runs on click. */
  onClick(fn: () => void): this {
    if (!this.input) this.setInteractive({ useHandCursor: true });
    this.on("pointerup", fn);
    return this;
  }

  private paintMark(): void {
    const w = this.cardWidth;
    const h = w * CARD_RATIO;
    this.glow.clear();
    this.image.setTint(this.mark === "dim" ? 0xa8a8a8 : 0xffffff);
    if (this.mark !== "legal") return;
    const pad = Math.max(4, w * 0.05);
    this.glow.fillStyle(COLORS.legal, 0.35).fillRoundedRect(-w / 2 - pad, -h / 2 - pad, w + pad * 2, h + pad * 2, w * 0.12);
    this.glow.lineStyle(Math.max(3, w * 0.035), COLORS.legal, 1).strokeRoundedRect(-w / 2 - pad / 2, -h / 2 - pad / 2, w + pad, h + pad, w * 0.1);
  }
}
