/**
 * What the live table and the replay viewer both draw around a game's table view: the felt over
 * the whole screen, one button at the right end of the top bar (Leave, Exit), and the game's
 * table view itself (or a line saying this client has none).
 */
import type Phaser from "phaser";
import type { GameModule, GameTableView, TableHost } from "../games/types.ts";
import { CanvasButton } from "../objects/button.ts";
import { addFelt, drawFelt } from "../objects/felt.ts";
import { canvasTarget, centreLine } from "../objects/style.ts";
import type { Target } from "../test-hook.ts";

export class TableBase {
  private readonly felt: Phaser.GameObjects.Image;
  private readonly button: CanvasButton;

  constructor(
    private readonly scene: Phaser.Scene,
    label: string,
    onClick: () => void,
  ) {
    this.felt = addFelt(scene);
    this.button = new CanvasButton(scene, label, 0xd9d2bf, onClick).setDepth(65);
  }

  /** The top bar's height: a little lower on a portrait screen. */
  barH(): number {
    const { width, height } = this.scene.scale;
    return height > width * 1.1 ? 44 : 48;
  }

  /** The corner button's width (narrower on a phone). */
  buttonW(): number {
    return this.scene.scale.width < 600 ? 70 : 84;
  }

  /** Fits the felt to the screen and puts the button in the top bar's right corner. */
  layout(): void {
    const { width, height } = this.scene.scale;
    drawFelt(this.felt, width, height);
    const bar = this.barH();
    const w = this.buttonW();
    this.button.place(width - w / 2 - 14, bar / 2 + 4, w, bar - 12);
  }

  /** The button, for the test hook. */
  target(id: string): Target | null {
    return canvasTarget(id, this.button, true);
  }
}

/** The game's table view; where this client has none, `missing` is written in the middle instead. */
export function createTableView(module: GameModule | null, host: TableHost, missing: string): GameTableView | null {
  const table = module?.createTable(host) ?? null;
  if (!table) centreLine(host.scene, missing);
  return table;
}
