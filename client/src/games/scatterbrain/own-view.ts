/**
 * The own side of the table: the hand (hole choice, discards; the card just drawn raised), the
 * own table cards (hole card, which only its owner sees, trophies...), the status line, the
 * prompt, and a glow while it is the player's move.
 */
import type Phaser from "phaser";
import type { TableSnap } from "../../net/snapshot.ts";
import { spriteFactory } from "../../objects/card-sprite.ts";
import { HandView } from "../../objects/hand-view.ts";
import { standardArt } from "../../objects/standard-art.ts";
import { COLORS, MIN_TEXT, promptBox, promptStyle, sharp, textStyle } from "../../objects/style.ts";
import type { Target } from "../../test-hook.ts";
import { CARD_RATIO } from "../../objects/card-art.ts";
import { CardStrip } from "./card-strip.ts";
import type { Point, TableLayout } from "./layout.ts";
import { kindLabel, promptText, scoreLine, seatTags, tableGroups, type Moves } from "./view-model.ts";

export class OwnView {
  readonly hand: HandView;
  private readonly strip: CardStrip;
  private readonly meText: Phaser.GameObjects.Text;
  private readonly prompt: Phaser.GameObjects.Text;
  private readonly glow: Phaser.GameObjects.Graphics;

  constructor(
    private readonly scene: Phaser.Scene,
    onPick: (card: string) => void,
  ) {
    this.glow = scene.add.graphics().setDepth(5);
    this.hand = new HandView(scene, onPick, spriteFactory(standardArt));
    this.strip = new CardStrip(scene);
    this.meText = sharp(
      scene.add
        .text(0, 0, "", textStyle(16, "#f4efe2", true))
        .setOrigin(1, 0.5)
        .setDepth(40),
    );
    this.meText.setShadow(0, 2, "#000000", 4, false, true);
    this.prompt = promptStyle(
      sharp(
        scene.add
          .text(0, 0, "", textStyle(21, "#fff6d8", true))
          .setOrigin(0.5)
          .setDepth(40),
      ),
    );
    this.prompt.setShadow(0, 2, "#000000", 4, false, true);
  }

  render(snap: TableSnap, mySeat: number | null, moves: Moves, L: TableLayout, active: boolean): void {
    const me = mySeat === null ? undefined : snap.seats[mySeat];
    const info = me?.mine?.info ?? {};
    const drawn = typeof info["drawnCard"] === "string" ? info["drawnCard"] : null;
    const legal = moves.holes.size > 0 ? moves.holes : moves.discards;
    const marks = drawn && moves.discards.size > 0 ? { selected: new Set([drawn]) } : {};
    this.hand.update(me?.mine?.hand ?? [], legal, L.hand, marks);
    const hole = typeof info["hole"] === "string" ? info["hole"] : null;
    if (me && snap.phase !== "memorise") this.strip.show(tableGroups(me, hole), L.mine.strip, L.mine.stripW, L.mine.cardW);
    else this.strip.setVisible(false);
    const now = Date.now();
    const straight = kindLabel(info["straight"]);
    const tags = me ? seatTags(snap, me, now).filter((t) => !t.startsWith("BOT") && t !== "CHOOSING…") : [];
    const parts = me
      ? [`You · ${scoreLine(me)}`, ...(straight && me.info["called"] !== true ? [`holding a ${straight}!`] : []), ...tags]
      : ["Spectating"];
    this.meText
      .setText(parts.join("\n"))
      .setVisible(snap.status !== "waiting")
      .setFontSize(L.portrait ? MIN_TEXT : 16);
    this.meText.setPosition(L.me.x, L.me.y).setAlign("right");
    this.prompt
      .setText(promptText(snap, mySeat, moves))
      .setFontSize(L.portrait ? 15 : 21)
      .setPosition(L.prompt.x, L.prompt.y);
    this.prompt.setWordWrapWidth(L.promptW, true).setAlign("center");
    // A phone puts the call buttons on the prompt's line: they say it (table-view.ts renderButtons).
    this.prompt.setVisible(!(L.portrait && (moves.call || moves.decline)));
    this.paintGlow(L, active);
  }

  /** Where the own hand is (cards fly to it). */
  get handPoint(): Point {
    return this.hand.slot(3);
  }

  get holePoint(): Point {
    return this.strip.groupPoint(0) ?? this.handPoint;
  }

  get trophyPoint(): Point {
    return this.strip.groupPoint(1) ?? this.holePoint;
  }

  targets(): Target[] {
    return this.hand.targets();
  }

  /** The prompt's box while it says something (toasts keep off it). */
  promptBox(): Target[] {
    return promptBox(this.prompt);
  }

  private paintGlow(L: TableLayout, active: boolean): void {
    const g = this.glow.clear();
    if (!active) return;
    const { cx, cy, cardW, maxWidth } = L.hand;
    const hh = cardW * CARD_RATIO;
    const w = Math.min(maxWidth + 30, this.scene.scale.width - 8);
    const top = cy - hh / 2 - hh * 0.3;
    g.fillStyle(COLORS.turn, 0.12).fillRoundedRect(cx - w / 2, top, w, hh * 1.3 + 10, 18);
    g.lineStyle(3, COLORS.turn, 0.9).strokeRoundedRect(cx - w / 2, top, w, hh * 1.3 + 10, 18);
  }
}
