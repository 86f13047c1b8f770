/**
 * An opponent's place at the table: name, game-specific lines (score, lives, two scores...),
 * an optional row of chips (tokens), face-down cards, and tags for bots, takeovers, knocks and
 * dropped players (with the seconds left before a bot takes over).
 */
import Phaser from "phaser";
import { cardTexture } from "./card-art.ts";
import type { Target } from "../test-hook.ts";
import { COLORS, MIN_TEXT, readable, sharp, textStyle } from "./style.ts";
import { TokenRow, type TokenStyle } from "./token-row.ts";

export interface BadgeInfo {
  readonly name: string;
  readonly occupied: boolean;
  /** One text line each under the name ("12 pts", "☀ 14 · ☾ 3"); at least one row is kept. */
  readonly lines: readonly string[];
  readonly tags: readonly string[];
  readonly handCount: number;
  readonly active: boolean;
  readonly dim: boolean;
  /** Chips under the lines (Dark Hand tokens, lives...). */
  readonly tokens?: { readonly count: number; readonly style?: TokenStyle };
}

/** Texture key of the face-down cards drawn above the panel (default: Devil's Scat back). */
export type BackTexture = (textures: Phaser.Textures.TextureManager) => string;

/**
 * A badge's panel height at width `w` with `lines` info lines and a token row, tags on one line
 * (what `refresh` draws): for layouts that stack rows of seats. The face-down cards stand
 * `BACKS_H x w` above it.
 */
export function badgeHeight(w: number, lines = 1, tokens = false): number {
  const fs = readable(w * 0.095);
  const extra = (Math.max(1, lines) - 1) * fs * 1.2 + (tokens ? fs * 1.3 : 0);
  return Math.max(w * 0.42 + extra, fs * 3.75 + 10 + extra);
}

/** How far the face-down cards stand above a badge, as a share of its width. */
export const BACKS_H = 0.2 * 1.1;

/** An opponent's turn ring on a narrow table (`ringSpot`): its digits stay at 14 px. */
const RING_R = 16;

export class SeatBadge extends Phaser.GameObjects.Container {
  private readonly panel: Phaser.GameObjects.Graphics;
  private readonly nameText: Phaser.GameObjects.Text;
  private readonly lineText: Phaser.GameObjects.Text;
  private readonly tagText: Phaser.GameObjects.Text;
  private readonly backs: Phaser.GameObjects.Image[] = [];
  private tokens: TokenRow | null = null;
  private bw = 180;
  private bh = 80;

  constructor(
    scene: Phaser.Scene,
    private readonly back: BackTexture = (t) => cardTexture(t, null),
  ) {
    super(scene, 0, 0);
    this.panel = scene.add.graphics();
    this.nameText = sharp(scene.add.text(0, 0, "", textStyle(18, "#ffffff", true)).setOrigin(0.5, 0));
    this.lineText = sharp(scene.add.text(0, 0, "", textStyle(15, "#d9f0df")).setOrigin(0.5, 0));
    this.tagText = sharp(
      scene.add
        .text(0, 0, "", textStyle(13, "#ffd9a0", true))
        .setOrigin(0.5, 0)
        .setAlign("center"),
    );
    this.add([this.panel, this.nameText, this.lineText, this.tagText]);
    scene.add.existing(this);
  }

  refresh(info: BadgeInfo, w: number): void {
    const fs = readable(w * 0.095);
    const lines = info.lines.length > 0 ? info.lines : [""];
    const chips = info.tokens !== undefined ? fs * 1.3 : 0;
    const extra = (lines.length - 1) * fs * 1.2 + chips;
    const tagExtra = this.fitTags(info.tags, readable(fs - 2), w - 10);
    this.bw = w;
    this.bh = Math.round(badgeHeight(w, lines.length, info.tokens !== undefined) + tagExtra);
    const top = -this.bh / 2 + 5;
    this.nameText
      .setText(info.occupied ? info.name : "Empty seat")
      .setFontSize(fs + 2)
      .setPosition(0, top);
    this.lineText
      .setText(lines.join("\n"))
      .setFontSize(fs)
      .setLineSpacing(fs * 0.05)
      .setPosition(0, top + fs * 1.35);
    this.paintTokens(info, fs, top + fs * 1.35 + lines.length * fs * 1.2 + chips / 2 - fs * 0.05);
    this.tagText.setPosition(0, top + fs * 2.55 + extra);
    this.fitName(w - 16);
    this.paintPanel(info);
    this.paintBacks(info.handCount);
    this.setAlpha(info.dim ? 0.6 : 1);
  }

  /**
   * Where an opponent's turn ring goes on a narrow (portrait) table, in scene coordinates: a small
   * ring (`RING_R`) centred on the panel's top right corner, so it covers no name that fits the
   * badge (a bigger ring at the side covered "Seat 4" on a 390 px phone), kept on a `screenW` screen.
   */
  ringSpot(screenW: number): { x: number; y: number; r: number } {
    const m = this.getWorldTransformMatrix();
    return { x: Math.min(m.tx + this.bw / 2, screenW - RING_R - 2), y: m.ty - this.bh / 2 + 2, r: RING_R };
  }

  /**
   * Where the seat is on the page (the panel and the face-down cards over it), as the read-only
   * test-hook target `seat:<index>` (never enabled): the lesson's prompt keeps off the seats.
   */
  target(seat: number): Target | null {
    if (!this.visible || !this.scene) return null;
    const canvas = this.scene.game.canvas.getBoundingClientRect();
    const sx = canvas.width / this.scene.scale.width;
    const sy = canvas.height / this.scene.scale.height;
    const m = this.getWorldTransformMatrix();
    const cards = this.backs.some((b) => b.visible) ? this.bw * BACKS_H : 0;
    const top = -this.bh / 2 - cards;
    const h = this.bh + cards;
    return {
      id: `seat:${seat}`,
      x: canvas.left + scrollX + m.tx * sx,
      y: canvas.top + scrollY + (m.ty + top + h / 2) * sy,
      w: this.bw * sx,
      h: h * sy,
      enabled: false,
    };
  }

  private paintTokens(info: BadgeInfo, fs: number, y: number): void {
    if (info.tokens === undefined) {
      this.tokens?.setVisible(false);
      return;
    }
    if (!this.tokens) {
      this.tokens = new TokenRow(this.scene);
      this.add(this.tokens);
    }
    if (info.tokens.style) this.tokens.setStyle(info.tokens.style);
    this.tokens
      .setVisible(true)
      .setPosition(0, y)
      .show(info.tokens.count, fs * 1.1);
  }

  /**
   * Tags on one line, shrunk down to `MIN_TEXT` to fit `max`; if they still do not fit, on as
   * many lines as they need, broken between tags. Returns the height added by the extra lines.
   */
  private fitTags(tags: readonly string[], size: number, max: number): number {
    const t = this.tagText.setFontSize(size).setText(tags.join(" · "));
    const oneLine = t.height;
    while (t.width > max && size > MIN_TEXT) t.setFontSize(--size);
    if (t.width <= max) return 0;
    const lines: string[] = [];
    let line = "";
    for (const tag of tags) {
      const longer = line === "" ? tag : `${line} · ${tag}`;
      if (line !== "" && t.setText(longer).width > max) {
        lines.push(line);
        line = tag;
      } else line = longer;
    }
    lines.push(line);
    t.setText(lines.join("\n"));
    return Math.max(0, t.height - oneLine);
  }

  /** The name shrunk down to `MIN_TEXT` to fit `max`, then cut with an ellipsis. */
  private fitName(max: number): void {
    let size = Number.parseInt(String(this.nameText.style.fontSize), 10);
    while (this.nameText.width > max && size > MIN_TEXT) this.nameText.setFontSize(--size);
    const name = this.nameText.text;
    for (let n = name.length - 1; this.nameText.width > max && n > 1; n--) this.nameText.setText(`${name.slice(0, n).trimEnd()}…`);
  }

  private paintPanel(info: BadgeInfo): void {
    const { bw: w, bh: h } = this;
    const g = this.panel.clear();
    if (info.active) g.fillStyle(COLORS.turn, 0.3).fillRoundedRect(-w / 2 - 8, -h / 2 - 8, w + 16, h + 16, 18);
    g.fillStyle(COLORS.panel, 0.88).fillRoundedRect(-w / 2, -h / 2, w, h, 12);
    g.lineStyle(info.active ? 4 : 2, info.active ? COLORS.turn : 0x8fbfa0, info.active ? 1 : 0.6).strokeRoundedRect(
      -w / 2,
      -h / 2,
      w,
      h,
      12,
    );
  }

  /** Face-down cards tucked above the panel, one per card held. */
  private paintBacks(count: number): void {
    const cw = this.bw * 0.2;
    while (this.backs.length < count) {
      const img = this.scene.add.image(0, 0, this.back(this.scene.textures));
      this.backs.push(img);
      this.addAt(img, 0);
    }
    this.backs.forEach((img, i) => {
      img.setVisible(i < count).setDisplaySize(cw, cw * 1.4);
      const off = (i - (count - 1) / 2) * cw * 0.45;
      img.setPosition(off, -this.bh / 2 - cw * 0.35).setAngle((i - (count - 1) / 2) * 7);
    });
  }
}

/** The read-only `seat:<index>` targets of a table's badges (the test hook; the lesson's prompt keeps off them). */
export function seatTargets(badges: ReadonlyMap<number, SeatBadge>): Target[] {
  return [...badges].flatMap(([seat, badge]) => badge.target(seat) ?? []);
}
