/**
 * A countdown with a phase label, for phase timers shared by the table ("Memorise 12s",
 * "Pass 20s", "Slap! 2s"): a ring filling down and a pill with the label and the seconds.
 * For a plain ring at a seat, use `TurnTimer`.
 */
import Phaser from "phaser";
import { COLORS, readable, sharp, textStyle } from "./style.ts";

export interface CountdownLook {
  /** Seconds below which it turns red (default 5). */
  readonly urgentBelowMs?: number;
  /** Show tenths under this many ms (fast races; default 0 = never). */
  readonly tenthsBelowMs?: number;
}

/** "12s", or "1.4s" under `tenthsBelowMs`. */
export function formatSeconds(leftMs: number, tenthsBelowMs = 0): string {
  const ms = Math.max(0, leftMs);
  return ms < tenthsBelowMs ? `${(Math.ceil(ms / 100) / 10).toFixed(1)}s` : `${Math.ceil(ms / 1000)}s`;
}

export class Countdown extends Phaser.GameObjects.Container {
  private readonly ring: Phaser.GameObjects.Graphics;
  private readonly pill: Phaser.GameObjects.Graphics;
  private readonly text: Phaser.GameObjects.Text;
  private size = 22;

  constructor(
    scene: Phaser.Scene,
    private readonly look: CountdownLook = {},
  ) {
    super(scene, 0, 0);
    this.pill = scene.add.graphics();
    this.ring = scene.add.graphics();
    this.text = sharp(scene.add.text(0, 0, "", textStyle(18, "#ffffff", true)).setOrigin(0, 0.5));
    this.add([this.pill, this.ring, this.text]);
    scene.add.existing(this);
    this.setDepth(50);
  }

  /** Ring radius; the label's size follows. */
  setRadius(radius: number): this {
    this.size = radius;
    return this;
  }

  /** `leftMs` of `totalMs` with `label` ("Memorise"); hides when nothing is left. */
  show(leftMs: number, totalMs: number, label = ""): this {
    const r = this.size;
    this.setVisible(leftMs > 0);
    if (leftMs <= 0) return this;
    const frac = totalMs > 0 ? Phaser.Math.Clamp(leftMs / totalMs, 0, 1) : 0;
    const urgent = leftMs < (this.look.urgentBelowMs ?? 5000);
    const color = urgent ? COLORS.danger : COLORS.turn;
    const secs = formatSeconds(leftMs, this.look.tenthsBelowMs ?? 0);
    this.text
      .setText(label ? `${label} ${secs}` : secs)
      .setFontSize(readable(r * 0.85))
      .setPosition(r * 1.3, 0);
    this.text.setColor(urgent ? "#ffb3aa" : "#ffffff");
    const w = r * 1.3 + this.text.width + r * 0.6;
    this.pill
      .clear()
      .fillStyle(0x000000, 0.55)
      .fillRoundedRect(-r, -r, w + r, r * 2, r);
    this.pill.lineStyle(2, color, 0.8).strokeRoundedRect(-r, -r, w + r, r * 2, r);
    const g = this.ring.clear();
    g.lineStyle(r * 0.24, 0xffffff, 0.18).strokeCircle(0, 0, r * 0.72);
    g.lineStyle(r * 0.24, color, 1);
    g.beginPath();
    g.arc(0, 0, r * 0.72, -Math.PI / 2, -Math.PI / 2 + frac * Math.PI * 2, false);
    g.strokePath();
    return this;
  }

  /** Width of the pill as drawn (to centre it: x - width/2 + radius). */
  get pillWidth(): number {
    return this.size * 1.9 + this.text.width + this.size * 0.6;
  }
}
