/**
 * The race result: slappers fastest first with their reaction times (the server's adjudicated
 * order), where latency compensation put a slap ahead of an earlier arrival, who slapped last or
 * not at all, a missed call, and who draws 4. Stays up a few seconds (`hold` false: until hidden).
 */
import Phaser from "phaser";
import type { Json } from "../../net/snapshot.ts";
import { raceWinnerWords } from "../../ui/race-words.ts";
import { COLORS, sharp, textStyle } from "../../objects/style.ts";

export interface BoardRow {
  readonly text: string;
  readonly tone: "plain" | "me" | "penalty" | "title" | "note";
}

const TONES: Record<BoardRow["tone"], string> = { plain: "#f4efe2", me: "#9ff0c0", penalty: "#ffb3aa", title: "#ffe27a", note: "#c9d8ff" };

function nums(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : [];
}

const ORDINALS = ["1st", "2nd", "3rd"];
const ordinal = (n: number): string => ORDINALS[n - 1] ?? `${n}th`;

/** A slap of a closed race as the result carries it (fastest first; see the shared README). */
export interface SlapRow {
  readonly seat: number;
  readonly reactionMs: number | null;
  /** Place in arrival order at the server, from 1. */
  readonly arrival: number;
  /** When it reached the server, ms after the race opened (null: an older server). */
  readonly arrivedMs: number | null;
  /** How the time was found: claim, estimate, arrival or server. */
  readonly timing: string;
}

export function slapsOf(result: Json): SlapRow[] {
  const slaps = Array.isArray(result["slaps"]) ? (result["slaps"] as Json[]) : [];
  return slaps.map((s, i) => ({
    seat: typeof s["seat"] === "number" ? s["seat"] : -1,
    reactionMs: typeof s["reactionMs"] === "number" ? s["reactionMs"] : null,
    arrival: typeof s["arrival"] === "number" ? s["arrival"] : i + 1,
    arrivedMs: typeof s["arrivedMs"] === "number" ? s["arrivedMs"] : null,
    timing: typeof s["timing"] === "string" ? s["timing"] : "server",
  }));
}

/** Seats in arrival order when reaction times put them in another order, else null. */
export function arrivalOrderIfChanged(slaps: readonly SlapRow[]): number[] | null {
  const byArrival = [...slaps].sort((a, b) => a.arrival - b.arrival).map((x) => x.seat);
  return byArrival.some((seat, i) => seat !== slaps[i]?.seat) ? byArrival : null;
}

/** How a slap's time was found, in a few words (the replay's race panel says more). */
export const TIMING_WORDS: Readonly<Record<string, string>> = {
  claim: "measured on the player's device, checked by the server",
  estimate: "server estimate: arrival − reveal − round trip",
  arrival: "time to arrival at the server (no compensation)",
  server: "adjudicated by the server",
};

/**
 * The rows for a `raceClosed` result (`name(seat)` gives "You" for the own seat): the reaction
 * times used (≈ marks the server's estimate), where a slap arrived when that differs from its
 * place, and a line saying so when latency compensation changed the order against arrival.
 */
export function boardRows(result: Json, name: (seat: number) => string, mySeat: number | null): BoardRow[] {
  const penalised = new Set(nums(result["penalised"]));
  const reason = String(result["reason"] ?? "");
  const cause = typeof result["cause"] === "number" ? result["cause"] : -1;
  const rows: BoardRow[] = [
    { text: `WITH A HAND · ${name(cause)} ${result["called"] === true ? "called ✓" : "did not call ✗"}`, tone: "title" },
  ];
  const slaps = slapsOf(result);
  // The result in words first ("You slapped first, 0.2 s before Ann."); the times below it.
  if (slaps.length > 0) rows.push({ text: raceWinnerWords("slapped", slaps, name), tone: slaps[0]!.seat === mySeat ? "me" : "plain" });
  slaps.forEach((s, i) => {
    const ms = s.reactionMs === null ? "?" : `${s.timing === "estimate" ? "≈" : ""}${Math.round(s.reactionMs)} ms`;
    const arrived = s.arrival !== i + 1 ? ` (arrived ${ordinal(s.arrival)})` : "";
    const last = reason === "last-slapper" && penalised.has(s.seat);
    const tone = last ? "penalty" : s.seat === mySeat ? "me" : "plain";
    rows.push({ text: `${i + 1}. ${name(s.seat)} · ${ms}${arrived}${last ? "  LAST → +4" : ""}`, tone });
  });
  for (const seat of nums(result["nonSlappers"])) {
    rows.push({ text: `✗ ${name(seat)} · no slap${penalised.has(seat) ? " → +4" : ""}`, tone: penalised.has(seat) ? "penalty" : "plain" });
  }
  if (reason === "missed-call") rows.push({ text: `${name(cause)} forgot to call → +4`, tone: "penalty" });
  const byArrival = arrivalOrderIfChanged(slaps);
  if (byArrival)
    rows.push({ text: `⚖ Lag compensated: ordered by reaction time; by arrival it was ${byArrival.map(name).join(", ")}`, tone: "note" });
  if (slaps.some((s) => s.timing === "estimate")) rows.push({ text: "≈ the server's estimate (no usable device timing)", tone: "note" });
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

  /** Rows shown last (test hook and replay). */
  text: string[] = [];

  show(raceId: number, rows: readonly BoardRow[], width: number, fade = true): void {
    this.raceId = raceId;
    this.text = rows.map((r) => r.text);
    const fs = width < 300 ? 14 : 16;
    while (this.lines.length < rows.length) {
      const t = sharp(this.scene.add.text(0, 0, "", textStyle(fs, "#ffffff", true)).setOrigin(0, 0));
      this.lines.push(t);
      this.add(t);
    }
    let y = 10;
    this.lines.forEach((t, i) => {
      const row = rows[i];
      t.setVisible(row !== undefined);
      if (!row) return;
      const size = row.tone === "note" ? fs - 2 : fs;
      t.setText(row.text)
        .setColor(TONES[row.tone])
        .setFontSize(size)
        .setWordWrapWidth(width - 24, true)
        .setPosition(12, y);
      y += t.height + 6;
    });
    const h = y + 4;
    this.bg.clear().fillStyle(COLORS.panel, 0.92).fillRoundedRect(0, 0, width, h, 12);
    this.bg.lineStyle(3, COLORS.gold, 0.9).strokeRoundedRect(0, 0, width, h, 12);
    this.scene.tweens.killTweensOf(this);
    this.setVisible(true).setAlpha(1);
    if (fade) this.scene.tweens.add({ targets: this, alpha: 0, delay: 6500, duration: 500, onComplete: () => this.hide() });
  }

  hide(): void {
    this.scene.tweens.killTweensOf(this);
    this.setVisible(false);
    this.raceId = null;
    this.text = [];
  }
}
