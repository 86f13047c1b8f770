/**
 * `?gallery=guess`: Scatterbrain's guess panel on its own, placed exactly where the table puts it
 * for this screen, with a fixed set of nameable cards (every other card disabled, as cards the
 * guesser can see are) and "Pass" offered. For screenshots of the grid on a phone and a desktop,
 * where a real game only shows it when the human has called. Clicking a tile reports it in
 * `window.__scat.state().picked`.
 */
import Phaser from "phaser";
import { addFelt, drawFelt } from "../objects/felt.ts";
import { addTargets, setStateProvider } from "../test-hook.ts";
import { GuessGrid } from "../games/scatterbrain/guess-grid.ts";
import { computeLayout } from "../games/scatterbrain/layout.ts";
import { SCENES } from "./flow.ts";

/** Cards the sample guesser may name: a spread over every rank and suit, 30 of 52. */
const NAMEABLE = new Set(
  ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].flatMap((r, i) =>
    ["S", "H", "D", "C"].filter((_, j) => (i + j) % 7 < 4).map((s) => `${r}${s}`),
  ),
);
const TOTAL_MS = 20_000;

export class GuessGalleryScene extends Phaser.Scene {
  private felt!: Phaser.GameObjects.Image;
  private grid!: GuessGrid;
  private picked: string | null = null;
  private skipped = false;
  private started = 0;

  constructor() {
    super(SCENES.gallery);
  }

  create(): void {
    this.felt = addFelt(this);
    this.started = this.time.now;
    this.grid = new GuessGrid(
      this,
      (card) => {
        this.picked = card;
      },
      () => {
        this.skipped = true;
      },
    );
    setStateProvider(() => ({ scene: "gallery", gallery: "guess", nameable: [...NAMEABLE], picked: this.picked, skipped: this.skipped }));
    const off = addTargets(() => this.grid.targets());
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, off);
    this.scale.on("resize", this.layout, this);
    this.layout();
  }

  override update(time: number): void {
    const { width, height } = this.scale;
    const left = TOTAL_MS - ((time - this.started) % TOTAL_MS);
    this.grid.placeCountdown(computeLayout(width, height, 4, 0).grid, left, TOTAL_MS);
  }

  private layout(): void {
    const { width, height } = this.scale;
    drawFelt(this.felt, width, height);
    const L = computeLayout(width, height, 4, 0);
    this.grid.show(NAMEABLE, true, L.grid, L.portrait, "Name a card you cannot see");
  }
}
