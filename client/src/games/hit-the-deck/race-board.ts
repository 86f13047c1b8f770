/**
 * The race result: slappers fastest first with their reaction times (the server's adjudicated
 * order), who slapped last or not at all, a missed call, and who draws 4. Stays up a few seconds.
 */
import Phaser from "phaser";
import type { Json } from "../../net/snapshot.ts";
import { COLORS, sharp, textStyle } from "../../objects/style.ts";

export interface BoardRow {
  readonly text: string;
  readonly tone: "plain" | "me" | "penalty" | "title";
}

const TONES: Record<BoardRow["tone"], string> = { plain: "#f4efe2", me: "#9ff0c0", penalty: "#ffb3aa", title: "#ffe27a" };

function nums(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : [];
}

/** The rows for a `raceClosed` result (`name(seat)` gives "You" for the own seat). */
export function boardRows(result: Json, name: (seat: number) => string, mySeat: number | null): BoardRow[] {
  const penalised = new Set(nums(result["penalised"]));
  const reason = String(result["reason"] ?? "");
  const cause = typeof result["cause"] === "number" ? result["cause"] : -1;
  const rows: BoardRow[] = [{ text: `WITH A HAND · ${name(cause)} ${result["called"] === true ? "called ✓" : "did not call ✗"}`, tone: "title" }];
  const slaps = Array.isArray(result["slaps"]) ? (result["slaps"] as Json[]) : [];
  slaps.forEach((s, i) => {
    const seat = typeof s["seat"] === "number" ? s["seat"] : -1;
    const ms = typeof s["reactionMs"] === "number" ? `${Math.round(s["reactionMs"])} ms` : "?";
    const last = reason === "last-slapper" && penalised.has(seat);
    const tone = last ? "penalty" : seat === mySeat ? "me" : "plain";
    rows.push({ text: `${i + 1}. ${name(seat)} · ${ms}${last ? "  LAST → +4" : ""}`, tone });
  });
  for (const seat of nums(result["nonSlappers"])) {
    rows.push({ text: `✗ ${name(seat)} · no slap${penalised.has(seat) ? " → +4" : ""}`, tone: penalised.has(seat) ? "penalty" : "plain" });
  }
  if (reason === "missed-call") rows.push({ text: `${name(cause)} forgot to call → +4`, tone: "penalty" });
  return rows;
}

export class RaceBoard extends Phaser.GameObjects.Container {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly lines: Phaser.GameObjects.Text[] = [];
  raceId: number | null = null;

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    this.add(this.bg);
    scene.add.existing(this);
    this.setDepth(76).setVisible(false);
  }

  show(raceId: number, rows: readonly BoardRow[], width: number): void {
    this.raceId = raceId;
    const fs = width < 300 ? 14 : 16;
    while (this.lines.length < rows.length) {
      const t = sharp(this.scene.add.text(0, 0, "", textStyle(fs, "#ffffff", true)).setOrigin(0, 0));
      this.lines.push(t);
      this.add(t);
    }
    this.lines.forEach((t, i) => {
      const row = rows[i];
      t.setVisible(row !== undefined);
      if (row) t.setText(row.text).setColor(TONES[row.tone]).setFontSize(fs).setPosition(12, 10 + i * (fs + 8));
    });
    const h = 14 + rows.length * (fs + 8);
    this.bg.clear().fillStyle(COLORS.panel, 0.92).fillRoundedRect(0, 0, width, h, 12);
    this.bg.lineStyle(3, COLORS.gold, 0.9).strokeRoundedRect(0, 0, width, h, 12);
    this.scene.tweens.killTweensOf(this);
    this.setVisible(true).setAlpha(1);
    this.scene.tweens.add({ targets: this, alpha: 0, delay: 6500, duration: 500, onComplete: () => this.hide() });
  }

  hide(): void {
    this.scene.tweens.killTweensOf(this);
    this.setVisible(false);
    this.raceId = null;
  }
}
