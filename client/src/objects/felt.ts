/**
 * The green felt table with a wooden rail, painted once per screen size into a texture (one
 * full-screen layer instead of many, which matters on software-rendered and phone GPUs).
 */
import type Phaser from "phaser";

function paint(w: number, h: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(w));
  canvas.height = Math.max(1, Math.round(h));
  const ctx = canvas.getContext("2d");
  if (!ctx) return canvas;
  const portrait = h > w * 1.1;
  const inset = portrait ? 6 : 14;
  const r = portrait ? 28 : Math.min(w, h) * 0.32;
  ctx.fillStyle = "#1b120b";
  ctx.fillRect(0, 0, w, h);
  const rail = ctx.createLinearGradient(0, 0, 0, h);
  rail.addColorStop(0, "#6e4724");
  rail.addColorStop(1, "#432812");
  ctx.fillStyle = rail;
  ctx.beginPath();
  ctx.roundRect(inset, inset, w - inset * 2, h - inset * 2, r);
  ctx.fill();
  const fx = inset + 12;
  const cloth = ctx.createRadialGradient(w / 2, h * 0.45, 10, w / 2, h * 0.5, Math.max(w, h) * 0.62);
  cloth.addColorStop(0, "#17774c");
  cloth.addColorStop(0.55, "#0f5a3a");
  cloth.addColorStop(1, "#083222");
  ctx.fillStyle = cloth;
  ctx.beginPath();
  ctx.roundRect(fx, fx, w - fx * 2, h - fx * 2, Math.max(8, r - 8));
  ctx.fill();
  ctx.strokeStyle = "rgba(0, 0, 0, 0.45)";
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.strokeStyle = "rgba(230, 209, 154, 0.22)";
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(fx + 10, fx + 10, w - fx * 2 - 20, h - fx * 2 - 20, Math.max(8, r - 18));
  ctx.stroke();
  return canvas;
}

/** Shows the felt behind everything in `scene`, repainting it for the current size. */
export function drawFelt(image: Phaser.GameObjects.Image, w: number, h: number): void {
  const textures = image.scene.textures;
  const key = `felt:${Math.round(w)}x${Math.round(h)}`;
  if (!textures.exists(key)) textures.addCanvas(key, paint(w, h));
  image.setTexture(key).setOrigin(0, 0).setPosition(0, 0).setDepth(-10);
}

export function addFelt(scene: Phaser.Scene): Phaser.GameObjects.Image {
  const image = scene.add.image(0, 0, "__DEFAULT");
  drawFelt(image, scene.scale.width, scene.scale.height);
  return image;
}
