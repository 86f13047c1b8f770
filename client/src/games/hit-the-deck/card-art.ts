/**
 * The 110-card Hit the Deck deck painted on canvases (textures `htd:<face>`, `htd:back`).
 * Ids carry a copy letter (`3R.a`); the face (`3R`) decides the picture. Number, CUT and FLIP
 * cards show their colour's symbol in the corners and the middle; HIT THE DECK cards are dark
 * with a gold frame: WITH A NUMBER (a big number), WITH A COLOR (the colour's symbol and name),
 * WITH A HAND (a hand).
 */
import type Phaser from "phaser";
import { blank, CARD_H, CARD_W, FONT, frame } from "../../objects/card-art.ts";
import type { CardArt, CardFactory } from "../../objects/card-view.ts";
import { spriteFactory } from "../../objects/card-sprite.ts";
import { COLOURS, drawGlyph, drawHand, isColour, type ColourKey } from "./glyphs.ts";
import { drawCutIcon, drawFlipIcon } from "./icons.ts";

export type Face =
  | { kind: "number"; colour: ColourKey; n: string }
  | { kind: "cut" | "flip"; colour: ColourKey }
  | { kind: "hitNumber"; n: string }
  | { kind: "hitColour"; colour: ColourKey }
  | { kind: "hitHand" }
  | { kind: "unknown"; text: string };

export function faceOf(id: string): string {
  return id.split(".")[0] ?? id;
}

export function parseFace(id: string): Face {
  const f = faceOf(id);
  const a = f.charAt(0);
  const b = f.charAt(1);
  if (f.length !== 2) return { kind: "unknown", text: f };
  if (/[1-5]/.test(a) && isColour(b)) return { kind: "number", colour: b, n: a };
  if ((a === "C" || a === "F") && isColour(b)) return { kind: a === "C" ? "cut" : "flip", colour: b };
  if (a === "H" && b === "H") return { kind: "hitHand" };
  if (a === "H" && /[1-5]/.test(b)) return { kind: "hitNumber", n: b };
  if (a === "H" && isColour(b)) return { kind: "hitColour", colour: b };
  return { kind: "unknown", text: f };
}

/** Words for a card ("Green 4", "CUT THE DECK (Red)", "WITH A HAND"). */
export function cardName(id: string): string {
  const f = parseFace(id);
  switch (f.kind) {
    case "number":
      return `${COLOURS[f.colour].name} ${f.n}`;
    case "cut":
      return `${COLOURS[f.colour].name} CUT THE DECK`;
    case "flip":
      return `${COLOURS[f.colour].name} FLIP THE DECK`;
    case "hitNumber":
      return `HIT THE DECK WITH A ${f.n}`;
    case "hitColour":
      return `HIT THE DECK WITH ${COLOURS[f.colour].name.toUpperCase()}`;
    case "hitHand":
      return "HIT THE DECK WITH A HAND";
    default:
      return f.text;
  }
}

function text(ctx: CanvasRenderingContext2D, s: string, x: number, y: number, size: number, color: string, outline?: string): void {
  ctx.font = `bold ${size}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  if (outline) {
    ctx.lineWidth = size * 0.16;
    ctx.strokeStyle = outline;
    ctx.lineJoin = "round";
    ctx.strokeText(s, x, y);
  }
  ctx.fillStyle = color;
  ctx.fillText(s, x, y);
}

/** Index top-left and (upside down) bottom-right: a label and the colour's symbol. */
function corners(ctx: CanvasRenderingContext2D, label: string, colour: ColourKey | null, ink: string): void {
  for (const flip of [false, true]) {
    ctx.save();
    if (flip) {
      ctx.translate(CARD_W, CARD_H);
      ctx.rotate(Math.PI);
    }
    text(ctx, label, 30, 34, label.length > 1 ? 26 : 40, ink);
    if (colour) drawGlyph(ctx, colour, 30, 70, 26, COLOURS[colour].fill, "#ffffff");
    ctx.restore();
  }
}

function colourCard(ctx: CanvasRenderingContext2D, colour: ColourKey, label: string): void {
  const c = COLOURS[colour];
  frame(ctx, "#fbf8f1", "#b9b2a0");
  ctx.lineWidth = 9;
  ctx.strokeStyle = c.fill;
  ctx.beginPath();
  ctx.roundRect(12, 12, CARD_W - 24, CARD_H - 24, 12);
  ctx.stroke();
  corners(ctx, label, colour, c.ink);
}

function numberFace(ctx: CanvasRenderingContext2D, colour: ColourKey, n: string): void {
  const c = COLOURS[colour];
  colourCard(ctx, colour, n);
  ctx.save();
  ctx.translate(CARD_W / 2, CARD_H / 2);
  ctx.rotate(-0.5);
  ctx.fillStyle = c.fill;
  ctx.beginPath();
  ctx.ellipse(0, 0, 52, 84, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  drawGlyph(ctx, colour, CARD_W / 2, CARD_H / 2, 96, "rgba(255,255,255,0.28)");
  text(ctx, n, CARD_W / 2, CARD_H / 2 + 4, 104, "#ffffff", "#1b1b1b");
  text(ctx, c.name.toUpperCase(), CARD_W / 2, CARD_H - 34, 17, c.ink);
}

function wordFace(ctx: CanvasRenderingContext2D, colour: ColourKey, kind: "cut" | "flip"): void {
  const c = COLOURS[colour];
  colourCard(ctx, colour, kind === "cut" ? "C" : "F");
  ctx.fillStyle = c.fill;
  ctx.beginPath();
  ctx.roundRect(30, 52, CARD_W - 60, CARD_H - 104, 14);
  ctx.fill();
  if (kind === "cut") drawCutIcon(ctx, CARD_W / 2, CARD_H / 2 - 8, 70);
  else drawFlipIcon(ctx, CARD_W / 2, CARD_H / 2 - 8, 70);
  text(ctx, kind === "cut" ? "CUT" : "FLIP", CARD_W / 2, 80, 34, "#ffffff", "#1b1b1b");
  text(ctx, "THE DECK", CARD_W / 2, CARD_H - 78, 17, "#ffffff", "#1b1b1b");
  text(ctx, c.name.toUpperCase(), CARD_W / 2, CARD_H - 34, 17, c.ink);
}

function hitFrame(ctx: CanvasRenderingContext2D, corner: string, colour: ColourKey | null): void {
  frame(ctx, "#1c1b2e", "#f5c542");
  ctx.lineWidth = 3;
  ctx.strokeStyle = "#f5c542";
  ctx.beginPath();
  ctx.roundRect(12, 12, CARD_W - 24, CARD_H - 24, 12);
  ctx.stroke();
  corners(ctx, corner, colour, "#f5c542");
  text(ctx, "HIT THE", CARD_W / 2, 40, 19, "#f5c542");
  text(ctx, "DECK", CARD_W / 2, 62, 19, "#f5c542");
  text(ctx, "WITH A", CARD_W / 2, 92, 17, "#ffffff");
}

function drawFaceOf(ctx: CanvasRenderingContext2D, f: Face): void {
  const cx = CARD_W / 2;
  switch (f.kind) {
    case "number":
      return numberFace(ctx, f.colour, f.n);
    case "cut":
    case "flip":
      return wordFace(ctx, f.colour, f.kind);
    case "hitNumber":
      hitFrame(ctx, f.n, null);
      ctx.fillStyle = "#fbf8f1";
      ctx.beginPath();
      ctx.arc(cx, 152, 44, 0, Math.PI * 2);
      ctx.fill();
      text(ctx, f.n, cx, 156, 68, "#1c1b2e");
      return text(ctx, "NUMBER", cx, 214, 17, "#ffffff");
    case "hitColour":
      hitFrame(ctx, "", f.colour);
      drawGlyph(ctx, f.colour, cx, 150, 78, COLOURS[f.colour].fill, "#ffffff");
      return text(ctx, COLOURS[f.colour].name.toUpperCase(), cx, 214, 20, "#ffffff");
    case "hitHand":
      hitFrame(ctx, "", null);
      drawHand(ctx, 30, 40, 34, "#f5c542", "#1c1b2e");
      drawHand(ctx, CARD_W - 30, CARD_H - 40, 34, "#f5c542", "#1c1b2e");
      drawHand(ctx, cx, 152, 92, "#f5c542", "#1c1b2e");
      return text(ctx, "HAND!", cx, 216, 22, "#ffffff");
    default:
      frame(ctx, "#fbf8f1", "#b9b2a0");
      return text(ctx, f.text, cx, CARD_H / 2, 40, "#222222");
  }
}

export function drawHitFace(id: string): HTMLCanvasElement {
  const [canvas, ctx] = blank();
  drawFaceOf(ctx, parseFace(id));
  return canvas;
}

export function drawHitBack(): HTMLCanvasElement {
  const [canvas, ctx] = blank();
  frame(ctx, "#23305e", "#f5c542");
  const keys: ColourKey[] = ["R", "Y", "G", "B"];
  keys.forEach((k, i) => drawGlyph(ctx, k, 48 + (i % 2) * 84, 58 + Math.floor(i / 2) * 136, 34, COLOURS[k].fill, "#ffffff"));
  ctx.save();
  ctx.translate(CARD_W / 2, CARD_H / 2);
  ctx.rotate(-0.35);
  ctx.fillStyle = "#f5c542";
  ctx.fillRect(-110, -30, 220, 60);
  text(ctx, "HIT THE DECK", 0, 2, 24, "#23305e");
  ctx.restore();
  return canvas;
}

/** The texture key of a card id (null: the back), painting it on first use. */
export function hitTexture(textures: Phaser.Textures.TextureManager, card: string | null): string {
  const key = card === null ? "htd:back" : `htd:${faceOf(card)}`;
  if (!textures.exists(key)) textures.addCanvas(key, card === null ? drawHitBack() : drawHitFace(card));
  return key;
}

export const hitArt: CardArt = { texture: hitTexture };
export const hitFactory: CardFactory = spriteFactory(hitArt);

const urls = new Map<string, string>();

/** A small image of the card for the result panel. */
export function hitImageUrl(card: string): string {
  const face = faceOf(card);
  let url = urls.get(face);
  if (url === undefined) {
    url = drawHitFace(face).toDataURL();
    urls.set(face, url);
  }
  return url;
}
