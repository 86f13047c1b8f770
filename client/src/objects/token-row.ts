/**
 * A row of chips (tokens, lives, points markers): up to `maxShown` drawn chips, then a count
 * ("×12"). Chips carry a symbol (a ring and a letter), not only a colour; the letter is `decor`
 * (it may be under `MIN_TEXT`: the chips are counted, and the kind is said beside them).
 */
import Phaser from "phaser";
import { decor, readable, sharp, textStyle } from "./style.ts";

export interface TokenStyle {
  readonly fill: number;
  readonly edge: number;
  /** One character drawn on each chip ("T", "♥", "★"). */
  readonly symbol: string;
  readonly symbolColor: string;
}

export const TOKEN_STYLES = {
  token: { fill: 0xf5c542, edge: 0x7a5a00, symbol: "T", symbolColor: "#5a4100" },
  life: { fill: 0xe05252, edge: 0x6e1010, symbol: "♥", symbolColor: "#ffffff" },
  lost: { fill: 0x555555, edge: 0x2a2a2a, symbol: "×", symbolColor: "#dddddd" },
} as const satisfies Record<string, TokenStyle>;

export class TokenRow extends Phaser.GameObjects.Container {
  private readonly chips: Phaser.GameObjects.Graphics;
  private readonly symbols: Phaser.GameObjects.Text[] = [];
  private readonly extra: Phaser.GameObjects.Text;
  private size = 18;

  constructor(
    scene: Phaser.Scene,
    private style: TokenStyle = TOKEN_STYLES.token,
    private readonly maxShown = 7,
  ) {
    super(scene, 0, 0);
    this.chips = scene.add.graphics();
    this.extra = sharp(scene.add.text(0, 0, "", textStyle(14, "#ffffff", true)).setOrigin(0, 0.5));
    this.add([this.chips, this.extra]);
    scene.add.existing(this);
  }

  setStyle(style: TokenStyle): this {
    this.style = style;
    return this;
  }

  /** Draws `count` chips of `size` px, centred on the container's position. */
  show(count: number, size = this.size): this {
    this.size = size;
    const shown = Math.max(0, Math.min(count, this.maxShown));
    const gap = size * 0.82;
    const more = count > shown ? ` ×${count}` : "";
    this.extra.setText(more).setFontSize(readable(size * 0.8));
    const width = shown > 0 ? (shown - 1) * gap + size : 0;
    const total = width + (more ? this.extra.width + 4 : 0);
    const x0 = -total / 2 + size / 2;
    const g = this.chips.clear();
    const s = this.style;
    while (this.symbols.length < shown) {
      const t = decor(sharp(this.scene.add.text(0, 0, "", textStyle(12, "#000000", true)).setOrigin(0.5)));
      this.symbols.push(t);
      this.add(t);
    }
    for (let i = 0; i < this.symbols.length; i++) {
      const t = this.symbols[i];
      if (!t) continue;
      t.setVisible(i < shown);
      if (i >= shown) continue;
      const x = x0 + i * gap;
      g.fillStyle(0x000000, 0.35).fillCircle(x + 1, 2, size / 2);
      g.fillStyle(s.fill, 1).fillCircle(x, 0, size / 2);
      g.lineStyle(Math.max(1.5, size * 0.12), s.edge, 1).strokeCircle(x, 0, size / 2 - size * 0.06);
      g.lineStyle(1, s.edge, 0.6).strokeCircle(x, 0, size * 0.3);
      t.setText(s.symbol)
        .setColor(s.symbolColor)
        .setFontSize(Math.round(size * 0.55))
        .setPosition(x, 0);
    }
    this.extra.setPosition(x0 + width - size / 2 + 4, 0);
    this.setSize(Math.max(total, 1), size);
    return this;
  }
}
