/** One card on the table: face or back from a `CardArt`, with a ring when it can be played. */
import Phaser from "phaser";
import { CARD_RATIO, scatArt } from "./card-art.ts";
import type { CardArt, CardFactory, CardMark, CardView } from "./card-view.ts";
import { COLORS } from "./style.ts";

export type { CardMark } from "./card-view.ts";

export class CardSprite extends Phaser.GameObjects.Container implements CardView {
  private readonly glow: Phaser.GameObjects.Graphics;
  protected readonly image: Phaser.GameObjects.Image;
  private readonly hatch: Phaser.GameObjects.Graphics;
  private mark: CardMark = "none";
  private dimmed = false;
  cardWidth = 100;

  /** `art` defaults to the Devil's Scat deck. */
  constructor(
    scene: Phaser.Scene,
    public card: string | null,
    protected readonly art: CardArt = scatArt,
  ) {
    super(scene, 0, 0);
    this.glow = scene.add.graphics();
    this.image = scene.add.image(0, 0, this.textureFor(card));
    this.hatch = scene.add.graphics();
    this.add([this.glow, this.image, this.hatch]);
    scene.add.existing(this);
    this.setCardWidth(this.cardWidth);
  }

  setCard(card: string | null): this {
    this.card = card;
    this.image.setTexture(this.textureFor(card));
    return this;
  }

  /** "Does not count": greyed and hatched (independent of the mark). */
  setDimmed(on: boolean): this {
    if (on !== this.dimmed) {
      this.dimmed = on;
      this.paintMark();
    }
    return this;
  }

  get isDimmed(): boolean {
    return this.dimmed;
  }

  /** The texture for an id; subclasses may pick another (the Dark card's shade). */
  protected textureFor(card: string | null): string {
    return this.art.texture(this.scene.textures, card);
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

  onClick(fn: () => void): this {
    if (!this.input) this.setInteractive({ useHandCursor: true });
    this.on("pointerup", fn);
    return this;
  }

  private paintMark(): void {
    this.image.setTint(this.dimmed ? 0x7a7a7a : this.mark === "dim" ? 0xa8a8a8 : 0xffffff);
    paintCardMark(this.glow, this.mark, this.cardWidth);
    paintHatch(this.hatch, this.dimmed, this.cardWidth);
  }
}

/** The ring behind a legal or selected card (shared with the Dark card sprite). */
export function paintCardMark(g: Phaser.GameObjects.Graphics, mark: CardMark, w: number): void {
  const h = w * CARD_RATIO;
  g.clear();
  if (mark !== "legal" && mark !== "selected") return;
  const color = mark === "legal" ? COLORS.legal : COLORS.turn;
  const pad = Math.max(4, w * 0.05);
  g.fillStyle(color, 0.35).fillRoundedRect(-w / 2 - pad, -h / 2 - pad, w + pad * 2, h + pad * 2, w * 0.12);
  g.lineStyle(Math.max(3, w * 0.035), color, 1).strokeRoundedRect(-w / 2 - pad / 2, -h / 2 - pad / 2, w + pad, h + pad, w * 0.1);
}

/** Diagonal stripes over a card that does not count. */
function paintHatch(g: Phaser.GameObjects.Graphics, on: boolean, w: number): void {
  g.clear();
  if (!on) return;
  const h = w * CARD_RATIO;
  g.fillStyle(0x000000, 0.25).fillRoundedRect(-w / 2, -h / 2, w, h, w * 0.08);
  g.lineStyle(Math.max(2, w * 0.025), 0x1a1a1a, 0.55);
  const step = w * 0.16;
  for (let d = -h; d < w; d += step) {
    const x0 = Math.max(d, 0);
    const x1 = Math.min(d + h, w);
    if (x1 <= x0) continue;
    g.lineBetween(-w / 2 + x0, -h / 2 + (x0 - d), -w / 2 + x1, -h / 2 + (x1 - d));
  }
}

/** A factory for hand and pile views drawing every card with `art`. */
export function spriteFactory(art: CardArt = scatArt): CardFactory {
  return (scene, card) => new CardSprite(scene, card, art);
}
