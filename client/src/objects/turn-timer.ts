/** A countdown ring with the seconds left, drawn at whoever must act. */
import Phaser from "phaser";
import { COLORS, readable, sharp, textStyle } from "./style.ts";

export class TurnTimer extends Phaser.GameObjects.Container {
  private readonly ring: Phaser.GameObjects.Graphics;
  private readonly label: Phaser.GameObjects.Text;
  private radius = 24;

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    this.ring = scene.add.graphics();
    this.label = sharp(scene.add.text(0, 0, "", textStyle(18, "#ffffff", true)).setOrigin(0.5));
    this.add([this.ring, this.label]);
    scene.add.existing(this);
    this.setDepth(50);
    // Found by name by the browser tests that check nothing covers it.
    this.setName("turn-timer");
  }

  setRadius(r: number): this {
    this.radius = r;
    this.fitLabel();
    return this;
  }

  /** Two digits fill the ring; three ("120") get a smaller size so they stay inside it. */
  private fitLabel(): void {
    const digits = Math.max(1, this.label.text.length);
    this.label.setFontSize(readable(this.radius * (digits >= 3 ? 0.58 : 0.8)));
  }

  /** `leftMs` of `totalMs`; hides itself when there is no deadline. */
  show(leftMs: number, totalMs: number): void {
    const r = this.radius;
    const frac = totalMs > 0 ? Phaser.Math.Clamp(leftMs / totalMs, 0, 1) : 0;
    const urgent = leftMs < 5000;
    const g = this.ring.clear();
    g.fillStyle(0x000000, 0.6).fillCircle(0, 0, r);
    g.lineStyle(r * 0.22, 0xffffff, 0.18).strokeCircle(0, 0, r * 0.85);
    g.lineStyle(r * 0.22, urgent ? COLORS.danger : COLORS.turn, 1);
    g.beginPath();
    g.arc(0, 0, r * 0.85, -Math.PI / 2, -Math.PI / 2 + frac * Math.PI * 2, false);
    g.strokePath();
    const text = String(Math.ceil(leftMs / 1000));
    const resized = text.length !== this.label.text.length;
    this.label.setText(text).setColor(urgent ? "#ffb3aa" : "#ffffff");
    if (resized) this.fitLabel();
  }
}
