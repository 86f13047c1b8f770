/**
 * Every canvas text a player can see, with the size it is drawn at on the page: the font size times
 * the text's world scale (its containers' scales), the camera's zoom and the canvas's CSS scale.
 * For the phone text-size check (text at least 14 px on phones). A text a tween is
 * moving (or any of its containers) is left out: mid-animation (a pulse that overshoots) is not
 * the size the player reads.
 */
import { expect } from "vitest";
import type { Page } from "playwright-core";

export interface CanvasText {
  readonly scene: string;
  readonly text: string;
  /** The object's name: `decor` marks a glyph that carries no information (objects/style.ts). */
  readonly name: string;
  /** Drawn size in CSS px (the font size as the player sees it). */
  readonly px: number;
  /** Its box on the page (CSS px). */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The visible, non-empty canvas texts of the running scenes (on screen, not transparent). */
export async function canvasTexts(page: Page): Promise<CanvasText[]> {
  return page.evaluate(() => {
    interface Obj {
      type: string;
      visible: boolean;
      alpha: number;
      list?: Obj[];
      text?: string;
      name: string;
      style?: { fontSize: string | number };
      getWorldTransformMatrix?(): { a: number; b: number; c: number; d: number };
      getBounds?(): { x: number; y: number; width: number; height: number };
    }
    interface SceneLike {
      sys: { settings: { key: string }; isActive(): boolean; isVisible(): boolean };
      children: { list: Obj[] };
      cameras: { main: { zoom: number } };
      tweens: { isTweening(target: object): boolean };
    }
    const game = (
      window as unknown as {
        __game: { canvas: HTMLCanvasElement; scale: { width: number; height: number }; scene: { getScenes(active: boolean): SceneLike[] } };
      }
    ).__game;
    const rect = game.canvas.getBoundingClientRect();
    const sx = rect.width / game.scale.width;
    const sy = rect.height / game.scale.height;
    const out: Array<{ scene: string; text: string; name: string; px: number; x: number; y: number; w: number; h: number }> = [];
    for (const scene of game.scene.getScenes(true)) {
      if (!scene.sys.isVisible()) continue;
      const zoom = scene.cameras.main.zoom;
      const walk = (list: Obj[], moving: boolean): void => {
        for (const o of list) {
          if (!o.visible || o.alpha <= 0.05) continue;
          const tweened = moving || scene.tweens.isTweening(o);
          if (o.list) walk(o.list, tweened);
          if (tweened) continue;
          if (o.type !== "Text" || !o.text?.trim() || !o.style || !o.getWorldTransformMatrix || !o.getBounds) continue;
          const m = o.getWorldTransformMatrix();
          const scaleY = Math.hypot(m.c, m.d);
          const b = o.getBounds();
          const x = rect.left + b.x * zoom * sx;
          const y = rect.top + b.y * zoom * sy;
          const w = b.width * zoom * sx;
          const h = b.height * zoom * sy;
          // Off the screen: nobody reads it.
          if (x + w <= 0 || y + h <= 0 || x >= innerWidth || y >= innerHeight || w < 1 || h < 1) continue;
          out.push({
            scene: scene.sys.settings.key,
            text: o.text,
            name: o.name,
            px: parseFloat(String(o.style.fontSize)) * scaleY * zoom * sy,
            x,
            y,
            w,
            h,
          });
        }
      };
      walk(scene.children.list, false);
    }
    return out;
  });
}

/** No canvas text runs under the HTML toolbar (a header line must end left of it); names each that does. */
export async function expectClearOfToolbar(page: Page): Promise<void> {
  const bar = await page.evaluate(() => {
    const r = document.querySelector('[data-testid="toolbar"]')!.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  });
  const under = (await canvasTexts(page))
    .filter((t) => t.x < bar.x + bar.w && bar.x < t.x + t.w && t.y < bar.y + bar.h && bar.y < t.y + t.h)
    .map((t) => `"${t.text}" at ${Math.round(t.x)}-${Math.round(t.x + t.w)}`);
  expect(under, `toolbar at ${Math.round(bar.x)}-${Math.round(bar.x + bar.w)}`).toEqual([]);
}
