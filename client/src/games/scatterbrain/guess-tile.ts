/** One cell of the guess grid: a card's rank and suit shape; enabled (ringed) or crossed out. */
import Phaser from "phaser";
import { FONT } from "../../objects/card-art.ts";
import { drawStandardSuit, suitColor } from "../../objects/standard-suits.ts";
import { COLORS, sharp, textStyle } from "../../objects/style.ts";

/** Texture of a standard suit shape (`sb:suit:H`), painted on first use. */
export function suitShapeTexture(textures: Phaser.Textures.TextureManager, suit: string): string {
  const key = `sb:suit:${suit}`;
  if (textures.exists(key)) return key;
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext("2d");
  if (ctx) drawStandardSuit(ctx, suit, 32, 32, 56, suitColor(suit, "light"));
  textures.addCanvas(key, canvas);
  return key;
}

export class GuessTile extends Phaser.GameObjects.Container {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly rank: Phaser.GameObjects.Text;
  private readonly suit: Phaser.GameObjects.Image;
  private enabled = false;
  private tw = 40;
  private th = 40;

  constructor(
    scene: Phaser.Scene,
    readonly card: string,
    onPick: (card: string) => void,
  ) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    const s = card.slice(-1);
    this.rank = sharp(
      scene.add.text(0, 0, card.slice(0, -1), { ...textStyle(18, suitColor(s, "light"), true), fontFamily: FONT }).setOrigin(1, 0.5),
    );
    this.suit = scene.add.image(0, 0, suitShapeTexture(scene.textures, s));
    this.add([this.bg, this.rank, this.suit]);
    scene.add.existing(this);
    this.setSize(10, 10).setInteractive({ useHandCursor: true });
    this.on("pointerup", () => {
      if (this.enabled && this.visible) onPick(card);
    });
    this.on("pointerover", () => this.paint(true));
    this.on("pointerout", () => this.paint(false));
  }

  place(x: number, y: number, w: number, h: number, enabled: boolean): this {
    this.setPosition(x, y);
    this.tw = w;
    this.th = h;
    this.enabled = enabled;
    this.setSize(w, h);
    this.input?.hitArea?.setTo(0, 0, w, h);
    const fs = Math.round(Math.min(h * 0.52, w * 0.34));
    this.rank.setFontSize(fs).setPosition(w * 0.06, 0);
    this.suit.setDisplaySize(fs * 1.05, fs * 1.05).setPosition(w * 0.06 + fs * 0.62, 0);
    this.paint(false);
    return this;
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  override getBounds(output?: Phaser.Geom.Rectangle): Phaser.Geom.Rectangle {
    const m = this.getWorldTransformMatrix();
    return (output ?? new Phaser.Geom.Rectangle()).setTo(m.tx - this.tw / 2, m.ty - this.th / 2, this.tw, this.th);
  }

  private paint(hover: boolean): void {
    const { tw: w, th: h } = this;
    const g = this.bg.clear();
    const r = Math.min(8, h * 0.2);
    g.fillStyle(this.enabled ? 0xfbf8f1 : 0x59605a, this.enabled ? 1 : 0.55).fillRoundedRect(-w / 2, -h / 2, w, h, r);
    if (this.enabled) g.lineStyle(hover ? 4 : 2, hover ? COLORS.turn : COLORS.legal, 1).strokeRoundedRect(-w / 2, -h / 2, w, h, r);
    else g.lineStyle(2, 0x222222, 0.7).lineBetween(-w / 2 + 4, h / 2 - 4, w / 2 - 4, -h / 2 + 4);
    this.rank.setAlpha(this.enabled ? 1 : 0.45);
    this.suit.setAlpha(this.enabled ? 1 : 0.45);
  }
}
