/**
 * An opponent's place at the table: name, game-specific lines (score, lives, two scores...),
 * an optional row of chips (tokens), face-down cards, and tags for bots, takeovers, knocks and
 * dropped players (with the seconds left before a bot takes over).
 */
import Phaser from "phaser";
import { cardTexture } from "./card-art.ts";
import { COLORS, sharp, textStyle } from "./style.ts";
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
    this.tagText = sharp(scene.add.text(0, 0, "", textStyle(13, "#ffd9a0", true)).setOrigin(0.5, 0).setAlign("center"));
    this.add([this.panel, this.nameText, this.lineText, this.tagText]);
    scene.add.existing(this);
  }

  refresh(info: BadgeInfo, w: number): void {
    const fs = Math.max(12, Math.round(w * 0.095));
    const lines = info.lines.length > 0 ? info.lines : [""];
    const chips = info.tokens !== undefined ? fs * 1.3 : 0;
    const extra = (lines.length - 1) * fs * 1.2 + chips;
    const tagExtra = this.fitTags(info.tags, Math.max(11, fs - 2), w - 10);
    this.bw = w;
    this.bh = Math.round(Math.max(w * 0.42 + extra, fs * 3.75 + 10 + extra) + tagExtra);
    const top = -this.bh / 2 + 5;
    this.nameText.setText(info.occupied ? info.name : "Empty seat").setFontSize(fs + 2).setPosition(0, top);
    this.lineText.setText(lines.join("\n")).setFontSize(fs).setLineSpacing(fs * 0.05).setPosition(0, top + fs * 1.35);
    this.paintTokens(info, fs, top + fs * 1.35 + lines.length * fs * 1.2 + chips / 2 - fs * 0.05);
    this.tagText.setPosition(0, top + fs * 2.55 + extra);
    this.fitName(w - 16);
    this.paintPanel(info);
    this.paintBacks(info.handCount);
    this.setAlpha(info.dim ? 0.6 : 1);
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
    this.tokens.setVisible(true).setPosition(0, y).show(info.tokens.count, fs * 1.1);
  }

  /**
   * Tags on one line, shrunk down to 10 px to fit `max`; if they still do not fit, on as many
   * lines as they need, broken between tags. Returns the height added by the extra lines.
   */
  private fitTags(tags: readonly string[], size: number, max: number): number {
    const t = this.tagText.setFontSize(size).setText(tags.join(" · "));
    const oneLine = t.height;
    while (t.width > max && size > 10) t.setFontSize(--size);
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

  private fitName(max: number): void {
    let size = Number.parseInt(String(this.nameText.style.fontSize), 10);
    while (this.nameText.width > max && size > 10) this.nameText.setFontSize(--size);
  }

  private paintPanel(info: BadgeInfo): void {
    const { bw: w, bh: h } = this;
    const g = this.panel.clear();
    if (info.active) g.fillStyle(COLORS.turn, 0.3).fillRoundedRect(-w / 2 - 8, -h / 2 - 8, w + 16, h + 16, 18);
    g.fillStyle(COLORS.panel, 0.88).fillRoundedRect(-w / 2, -h / 2, w, h, 12);
    g.lineStyle(info.active ? 4 : 2, info.active ? COLORS.turn : 0x8fbfa0, info.active ? 1 : 0.6).strokeRoundedRect(-w / 2, -h / 2, w, h, 12);
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
