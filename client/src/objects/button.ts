/** A rounded canvas button with a big touch target; disabled buttons ignore clicks. */
import Phaser from "phaser";
import { COLORS, MIN_TEXT, readable, sharp, textStyle } from "./style.ts";

export class CanvasButton extends Phaser.GameObjects.Container {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly label: Phaser.GameObjects.Text;
  private bw = 0;
  private bh = 0;
  enabled = true;

  constructor(
    scene: Phaser.Scene,
    text: string,
    private readonly fill: number,
    onClick: () => void,
  ) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    this.label = sharp(scene.add.text(0, 0, text, textStyle(20, "#1b1306", true)).setOrigin(0.5));
    this.add([this.bg, this.label]);
    scene.add.existing(this);
    this.setSize(10, 10);
    this.setInteractive({ useHandCursor: true });
    this.on("pointerup", () => {
      if (this.enabled && this.visible) onClick();
    });
    this.on("pointerover", () => this.paint(true));
    this.on("pointerout", () => this.paint(false));
  }

  place(x: number, y: number, w: number, h: number): this {
    this.setPosition(x, y);
    this.bw = w;
    this.bh = h;
    this.setSize(w, h);
    this.input?.hitArea?.setTo(0, 0, w, h);
    // A long label in a narrow button (a phone) shrinks to fit inside the pill, down to MIN_TEXT.
    let size = readable(Math.min(h * 0.42, 24));
    this.label.setFontSize(size);
    while (this.label.width > w - h * 0.6 && size > MIN_TEXT) this.label.setFontSize(--size);
    this.paint(false);
    return this;
  }

  /** The whole pill (the container's own bounds would only cover the label). */
  override getBounds(output?: Phaser.Geom.Rectangle): Phaser.Geom.Rectangle {
    const m = this.getWorldTransformMatrix();
    const out = output ?? new Phaser.Geom.Rectangle();
    return out.setTo(m.tx - this.bw / 2, m.ty - this.bh / 2, this.bw, this.bh);
  }

  setEnabled(on: boolean): this {
    this.enabled = on;
    this.paint(false);
    return this;
  }

  private paint(hover: boolean): void {
    const { bw: w, bh: h } = this;
    this.bg.clear();
    this.bg.fillStyle(0x000000, 0.35).fillRoundedRect(-w / 2 + 2, -h / 2 + 4, w, h, h / 2);
    const color = this.enabled ? this.fill : 0x6b6b6b;
    this.bg.fillStyle(color, 1).fillRoundedRect(-w / 2, -h / 2, w, h, h / 2);
    this.bg.lineStyle(3, hover && this.enabled ? 0xffffff : COLORS.ink, hover ? 1 : 0.4).strokeRoundedRect(-w / 2, -h / 2, w, h, h / 2);
    this.label.setColor(this.enabled ? "#1b1306" : "#cfcfcf");
  }
}
