/** The strip along the top: hand number, the target and the deck count. */
import type Phaser from "phaser";
import type { TableSnap } from "../../net/snapshot.ts";
import { fitLine, sharp, textStyle } from "../../objects/style.ts";

export class HeaderBar {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly left: Phaser.GameObjects.Text;

  constructor(scene: Phaser.Scene) {
    this.bg = scene.add.graphics().setDepth(60);
    this.left = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#f6ecd0", true))
        .setOrigin(0, 0.5)
        .setDepth(61),
    );
  }

  update(snap: TableSnap | null, w: number, barH: number, rightInset: number): void {
    const y = barH / 2 + 4;
    const narrow = w < 600;
    this.bg
      .clear()
      .fillStyle(0x000000, 0.35)
      .fillRoundedRect(8, 6, w - 16, barH - 4, 12);
    const target = typeof snap?.info["target"] === "number" ? snap.info["target"] : 100;
    const deck = snap?.piles["deck"]?.count ?? 0;
    // A phone leaves the deck count to the deck's own label: the bar's right end holds the toolbar.
    const parts =
      snap && snap.round > 0
        ? [`Hand ${snap.round}`, narrow ? `to ${target}` : `First to ${target} pts`, ...(narrow ? [] : [`Deck ${deck}`])]
        : ["Scatterbrain"];
    const x = narrow ? 16 : 22;
    fitLine(this.left, [parts.join(" · "), parts[0]!], w - rightInset - x, narrow ? 14 : 17).setPosition(x, y);
  }
}
