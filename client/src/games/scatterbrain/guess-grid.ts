/**
 * The guess panel: all 52 cards as a grid (13 ranks x 4 suits; suits as columns on a phone),
 * where exactly the cards `mine.legal` lets the guesser name are enabled, its own countdown,
 * and "Pass" when skipping is legal. Targets `guess:<card>`, `button:skip-guess`.
 */
import Phaser from "phaser";
import { CanvasButton } from "../../objects/button.ts";
import { Countdown } from "../../objects/countdown.ts";
import { canvasTarget, COLORS, sharp, textStyle } from "../../objects/style.ts";
import type { Target } from "../../test-hook.ts";
import { GuessTile } from "./guess-tile.ts";
import type { Rect } from "./layout.ts";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["S", "H", "D", "C"];
const DEPTH = 70;

export class GuessGrid {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly title: Phaser.GameObjects.Text;
  private readonly tiles: GuessTile[] = [];
  private readonly skip: CanvasButton;
  readonly countdown: Countdown;
  private open = false;

  constructor(scene: Phaser.Scene, onGuess: (card: string) => void, onSkip: () => void) {
    this.bg = scene.add.graphics().setDepth(DEPTH);
    this.title = sharp(
      scene.add
        .text(0, 0, "", textStyle(22, "#fff6d8", true))
        .setOrigin(0, 0.5)
        .setDepth(DEPTH + 1),
    );
    for (const s of SUITS) for (const r of RANKS) this.tiles.push(new GuessTile(scene, `${r}${s}`, onGuess).setDepth(DEPTH + 1));
    this.skip = new CanvasButton(scene, "Pass", COLORS.gold, onSkip).setDepth(DEPTH + 2);
    this.countdown = new Countdown(scene).setDepth(DEPTH + 2);
    this.setVisible(false);
  }

  get visible(): boolean {
    return this.open;
  }

  /** Opens the grid in `box` with `legal` cards enabled (null closes it). */
  show(legal: ReadonlySet<string> | null, canSkip: boolean, box: Rect, portrait: boolean, title: string): void {
    this.setVisible(legal !== null);
    if (legal === null) return;
    const pad = 12;
    const head = portrait ? 50 : 58;
    const foot = canSkip ? (portrait ? 58 : 64) : 0;
    const g = this.bg.clear();
    g.fillStyle(0x06180f, 0.93).fillRoundedRect(box.x, box.y, box.w, box.h, 16);
    g.lineStyle(3, COLORS.turn, 0.9).strokeRoundedRect(box.x, box.y, box.w, box.h, 16);
    this.title
      .setText(title)
      .setFontSize(portrait ? 16 : 21)
      .setPosition(box.x + pad + 6, box.y + head / 2)
      .setWordWrapWidth(box.w - 200, true);
    this.countdown.setRadius(portrait ? 16 : 20);
    const cols = portrait ? 4 : 13;
    const rows = portrait ? 13 : 4;
    const gw = (box.w - pad * 2) / cols;
    const gh = Math.min(portrait ? 52 : 96, (box.h - head - foot - pad) / rows);
    const top = box.y + head + (box.h - head - foot - pad - gh * rows) / 2;
    this.tiles.forEach((t, i) => {
      const s = Math.floor(i / 13);
      const r = i % 13;
      const col = portrait ? s : r;
      const row = portrait ? r : s;
      t.place(box.x + pad + gw * (col + 0.5), top + gh * (row + 0.5), gw - 5, gh - 5, legal.has(t.card));
    });
    this.skip.setVisible(canSkip);
    if (canSkip) this.skip.place(box.x + box.w / 2, box.y + box.h - foot / 2 - 4, Math.min(220, box.w * 0.5), portrait ? 44 : 48);
  }

  /** Where the countdown goes: the panel's top-right corner. */
  placeCountdown(box: Rect, leftMs: number, totalMs: number): void {
    if (!this.open) return;
    const r = this.countdown.pillWidth;
    this.countdown.setPosition(box.x + box.w - r - 10, box.y + (box.w < 600 ? 25 : 29)).show(leftMs, totalMs, "Guess");
  }

  targets(): Target[] {
    if (!this.open) return [];
    const out = this.tiles.map((t) => canvasTarget(`guess:${t.card}`, t, t.isEnabled));
    if (this.skip.visible) out.push(canvasTarget("button:skip-guess", this.skip, true));
    return out.filter((t): t is Target => t !== null);
  }

  private setVisible(on: boolean): void {
    this.open = on;
    this.bg.setVisible(on);
    this.title.setVisible(on);
    this.tiles.forEach((t) => t.setVisible(on));
    if (!on) {
      this.skip.setVisible(false);
      this.countdown.setVisible(false);
    }
  }
}
