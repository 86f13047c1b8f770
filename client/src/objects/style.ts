/** Shared look: felt colours, text styles and page-coordinate targets for canvas objects. */
import type Phaser from "phaser";
import type { Target } from "../test-hook.ts";
import { FONT } from "./card-art.ts";

export const COLORS = {
  felt: 0x0f5a3a,
  feltDark: 0x0a3f29,
  feltEdge: 0x5a3a1e,
  gold: 0xf5c542,
  ink: 0x14201a,
  panel: 0x0b2a1d,
  turn: 0xffd54a,
  legal: 0x7cf5b0,
  danger: 0xff6b5e,
} as const;

/**
 * The smallest canvas text, in CSS px (the canvas is drawn 1:1, `Scale.RESIZE`): we ask for
 * text of at least 14 px on phones, and a phone is where sizes computed from the screen get small.
 * `e2e/phone-text.e2e.test.ts` walks every text of each game's table at 390x844 against it.
 */
export const MIN_TEXT = 14;

/** A font size no smaller than `MIN_TEXT` (rounded): every computed canvas font size goes through it. */
export function readable(size: number): number {
  return Math.max(MIN_TEXT, Math.round(size));
}

/**
 * The one exception to `MIN_TEXT`: a glyph that carries no information of its own, e.g. the letter
 * on a token chip (the chips are counted, and their kind is said in words beside them). Its
 * name marks it for the phone text check.
 */
export const DECOR = "decor";

export function decor<T extends Phaser.GameObjects.Text>(text: T): T {
  return text.setName(DECOR);
}

export function textStyle(size: number, color = "#f4efe2", bold = false): Phaser.Types.GameObjects.Text.TextStyle {
  return { fontFamily: FONT, fontSize: `${readable(size)}px`, color, fontStyle: bold ? "bold" : "normal" };
}

/** Crisp text on high-density screens. */
export function sharp<T extends Phaser.GameObjects.Text>(text: T): T {
  text.setResolution(Math.min(3, Math.max(1, window.devicePixelRatio || 1)));
  return text;
}

/**
 * Sets the first of `lines` (longest first) that fits `maxW` at `size`, shrinking the font down to
 * `minSize` before trying a shorter one; the last is set however wide. For a top bar's text on a
 * phone, where the toolbar leaves little room: better a shorter line than one under the buttons.
 * Never under `MIN_TEXT`.
 */
export function fitLine(
  text: Phaser.GameObjects.Text,
  lines: readonly string[],
  maxW: number,
  size: number,
  minSize = MIN_TEXT,
): Phaser.GameObjects.Text {
  size = readable(size);
  minSize = Math.min(size, readable(minSize));
  for (const line of lines) {
    for (let fs = size; fs >= minSize; fs--) {
      text.setText(line).setFontSize(fs);
      if (text.width <= maxW) return text;
    }
  }
  return text.setText(lines.at(-1) ?? "").setFontSize(minSize);
}

/**
 * The centre x of a top-bar item `width` wide: at `centre` where it fits between `left` and
 * `right` (the toolbar's left end, less a margin), else as near it as they allow; `left` wins
 * when both cannot hold. Headers use it so a centred line never runs under the toolbar.
 */
export function centreBetween(width: number, left: number, right: number, centre: number): number {
  return Math.max(left + width / 2, Math.min(centre, right - width / 2));
}

/** A line of text in the middle of the screen (loading, nothing to show). */
export function centreLine(scene: Phaser.Scene, text: string, size = 22): Phaser.GameObjects.Text {
  return sharp(scene.add.text(scene.scale.width / 2, scene.scale.height / 2, text, textStyle(size, "#f6ecd0", true))).setOrigin(0.5);
}

interface Bounded {
  readonly scene: Phaser.Scene;
  readonly visible: boolean;
  getBounds(): Phaser.Geom.Rectangle;
}

/**
 * The own prompt ("Your turn: draw a card…"): named `prompt` (tests find it among the canvas
 * texts) and kept clear by toasts (`promptBox`).
 */
export function promptStyle<T extends Phaser.GameObjects.Text>(text: T): T {
  return text.setName("prompt");
}

/**
 * The prompt's box on the page while it says something (toasts keep off it): one box or none.
 * Where nothing can be kept clear, covering it costs half a button's or a card's (ui/toast-place/).
 */
export function promptBox(text: Phaser.GameObjects.Text): Array<Target & { weight: number }> {
  const box = text.text === "" ? null : canvasTarget("text:prompt", text, false);
  return box ? [{ ...box, weight: 0.5 }] : [];
}

/** Where a canvas object sits on the page (CSS px), for `window.__scat.targets()`. */
export function canvasTarget(id: string, obj: Bounded, enabled: boolean): Target | null {
  if (!obj.visible || !obj.scene) return null;
  const canvas = obj.scene.game.canvas;
  const rect = canvas.getBoundingClientRect();
  const sx = rect.width / obj.scene.scale.width;
  const sy = rect.height / obj.scene.scale.height;
  const b = obj.getBounds();
  return {
    id,
    x: rect.left + scrollX + b.centerX * sx,
    y: rect.top + scrollY + b.centerY * sy,
    w: b.width * sx,
    h: b.height * sy,
    enabled,
  };
}
