/**
 * A big round-cornered pad that fires on press (pointerdown), passing the press time on the
 * client clock, for the slap: the moment of the tap is what counts, not the release.
 */
import Phaser from "phaser";
import { readable, sharp, textStyle } from "../../objects/style.ts";

export class PadButton extends Phaser.GameObjects.Container {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly label: Phaser.GameObjects.Text;
  private readonly sub: Phaser.GameObjects.Text;
  private bw = 10;
  private bh = 10;
  private hot = false;
  enabled = true;

  constructor(
    scene: Phaser.Scene,
    text: string,
    hint: string,
    private fill: number,
    onPress: (at: number) => void,
  ) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    this.label = sharp(scene.add.text(0, 0, text, textStyle(28, "#ffffff", true)).setOrigin(0.5));
    this.label.setStroke("#1a0d00", 5);
    this.sub = sharp(scene.add.text(0, 0, hint, textStyle(13, "#fff2d0", true)).setOrigin(0.5));
    this.add([this.bg, this.label, this.sub]);
    scene.add.existing(this);
    this.setSize(10, 10).setInteractive({ useHandCursor: true });
    this.on("pointerdown", (p: Phaser.Input.Pointer) => {
      if (!this.enabled || !this.visible) return;
      const ts = (p.event as Event | undefined)?.timeStamp;
      onPress(typeof ts === "number" && ts > 0 ? performance.timeOrigin + ts : performance.timeOrigin + performance.now());
      this.scene.tweens.add({ targets: this, scale: { from: 0.9, to: 1 }, duration: 140 });
    });
  }

  place(x: number, y: number, w: number, h: number): this {
    this.setPosition(x, y);
    this.bw = w;
    this.bh = h;
    this.setSize(w, h);
    this.input?.hitArea?.setTo(0, 0, w, h);
    this.label.setFontSize(Math.round(Math.min(h * 0.4, 34))).setY(this.sub.text ? -h * 0.1 : 0);
    this.sub.setFontSize(readable(Math.min(h * 0.17, 15))).setY(h * 0.28);
    this.paint();
    return this;
  }

  setHint(hint: string): this {
    if (this.sub.text !== hint) this.sub.setText(hint);
    return this;
  }

  /** `hot`: pulsing colours (a race is on). */
  setLook(enabled: boolean, hot: boolean, fill?: number): this {
    if (enabled === this.enabled && hot === this.hot && (fill === undefined || fill === this.fill)) return this;
    this.enabled = enabled;
    this.hot = hot;
    if (fill !== undefined) this.fill = fill;
    this.paint();
    return this;
  }

  override getBounds(output?: Phaser.Geom.Rectangle): Phaser.Geom.Rectangle {
    const m = this.getWorldTransformMatrix();
    return (output ?? new Phaser.Geom.Rectangle()).setTo(m.tx - this.bw / 2, m.ty - this.bh / 2, this.bw, this.bh);
  }

  private paint(): void {
    const { bw: w, bh: h } = this;
    const r = Math.min(22, h / 2);
    const g = this.bg.clear();
    if (this.hot) g.fillStyle(0xffe27a, 0.45).fillRoundedRect(-w / 2 - 8, -h / 2 - 8, w + 16, h + 16, r + 6);
    g.fillStyle(0x000000, 0.35).fillRoundedRect(-w / 2 + 3, -h / 2 + 5, w, h, r);
    g.fillStyle(this.enabled ? this.fill : 0x5f5f5f, 1).fillRoundedRect(-w / 2, -h / 2, w, h, r);
    g.lineStyle(this.hot ? 5 : 3, this.hot ? 0xffffff : 0x14201a, this.hot ? 1 : 0.5).strokeRoundedRect(-w / 2, -h / 2, w, h, r);
    this.label.setAlpha(this.enabled ? 1 : 0.6);
    this.sub.setAlpha(this.enabled ? 1 : 0.6);
  }
}
