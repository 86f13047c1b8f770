/**
 * The slap race on screen: the WITH A HAND card lands big on the pile with a banner and a
 * countdown; every slap slams a hand onto it in arrival order; at the close the hands are
 * relabelled with the server's order and reaction times and the result board comes up.
 * When the card is first rendered, `onShown` gets the client time (the fair-slap claim).
 */
import Phaser from "phaser";
import type { Json } from "../../net/snapshot.ts";
import type { CardView } from "../../objects/card-view.ts";
import { Countdown } from "../../objects/countdown.ts";
import { sharp, textStyle } from "../../objects/style.ts";
import { hitFactory } from "./card-art.ts";
import { handCanvas } from "./glyphs.ts";
import type { Point, TableLayout } from "./layout.ts";
import { boardRows, RaceBoard } from "./race-board.ts";
import { clearBanners } from "../../objects/card-fx.ts";
import { clientNow } from "./race-clock.ts";

export interface RaceStage {
  seatPoint(seat: number): Point;
  name(seat: number): string;
  readonly mySeat: number | null;
  layout(): TableLayout;
}

interface SlapHand {
  readonly seat: number;
  readonly img: Phaser.GameObjects.Image;
  readonly label: Phaser.GameObjects.Text;
}

const HAND_KEY = "htd:hand";

export class RaceView {
  private readonly card: CardView;
  private readonly title: Phaser.GameObjects.Text;
  private readonly countdown: Countdown;
  private readonly board: RaceBoard;
  private hands: SlapHand[] = [];
  private raceId: number | null = null;
  /** Seats whose hand is on screen, in arrival order (test hook). */
  shownSlaps: number[] = [];
  /**
   * The last few results whose board came up, oldest first (test hook): a bot may open the next
   * race a moment after one closes, taking the board down before a test looks.
   */
  boardsShown: Json[] = [];

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly stage: RaceStage,
  ) {
    this.card = hitFactory(scene, null);
    if (!scene.textures.exists(HAND_KEY)) scene.textures.addCanvas(HAND_KEY, handCanvas(160, "#f6d2ae", "#3a2414"));
    this.card.setDepth(66).setVisible(false);
    this.title = sharp(scene.add.text(0, 0, "HIT THE DECK WITH A HAND!", textStyle(34, "#ffe27a", true)).setOrigin(0.5));
    this.title.setStroke("#1a0d00", 8).setDepth(75).setVisible(false);
    this.countdown = new Countdown(scene, { urgentBelowMs: 1000, tenthsBelowMs: 10_000 });
    this.countdown.setDepth(75).setVisible(false);
    this.board = new RaceBoard(scene);
  }

  get open(): boolean {
    return this.raceId !== null;
  }

  /** The result board's lines while it is up (test hook). */
  get boardText(): readonly string[] {
    return this.board.text;
  }

  /** A race opened: the card lands; `onShown(at)` runs after the first frame that drew it. */
  opened(id: number, card: string, onShown: (at: number) => void): void {
    this.clearHands();
    this.board.hide();
    this.raceId = id;
    const L = this.stage.layout();
    const w = L.pileW * (L.portrait ? 1.35 : 1.5);
    this.card
      .setCard(card || "HH")
      .setCardWidth(w)
      .setPosition(L.discard.x, L.discard.y)
      .setVisible(true)
      .setAlpha(1)
      .setAngle(-4);
    this.card.setMark("selected");
    this.scene.tweens.add({ targets: this.card, scale: { from: 1.25, to: 1 }, duration: 160, ease: "Back.easeOut" });
    clearBanners();
    const width = this.scene.scale.width;
    this.title.setFontSize(34).setScale(1).setVisible(true).setAlpha(1);
    const fit = Math.min(1, (width - 30) / (this.title.width * 1.06));
    this.title.setPosition(width / 2, L.discard.y - w * 0.7 - 26 * fit);
    this.scene.tweens.add({ targets: this.title, scale: { from: fit * 0.92, to: fit * 1.06 }, yoyo: true, repeat: -1, duration: 260 });
    this.scene.game.events.once(Phaser.Core.Events.POST_RENDER, () => onShown(clientNow()));
  }

  slapped(seat: number): void {
    if (this.raceId === null || this.hands.some((h) => h.seat === seat)) return;
    const L = this.stage.layout();
    const i = this.hands.length;
    const size = L.pileW * (L.portrait ? 0.8 : 0.95);
    const to = { x: L.discard.x + ((i % 3) - 1) * size * 0.42, y: L.discard.y - size * 0.25 + Math.floor(i / 3) * size * 0.4 };
    const from = this.stage.seatPoint(seat);
    const img = this.scene.add
      .image(from.x, from.y, HAND_KEY)
      .setDisplaySize(size, size)
      .setDepth(72 + i * 0.01)
      .setAngle(-20 + i * 11);
    const label = sharp(this.scene.add.text(to.x, to.y + size * 0.5, `#${i + 1}`, textStyle(14, "#ffffff", true)));
    label.setOrigin(0.5).setStroke("#000000", 4).setDepth(73).setAlpha(0);
    const scale = img.scale;
    this.scene.tweens.add({
      targets: img,
      x: to.x,
      y: to.y,
      scale: { from: scale * 1.7, to: scale },
      duration: 170,
      ease: "Quad.easeIn",
      onComplete: () => {
        label.setAlpha(1);
        if (i === 0) this.scene.cameras.main.shake(120, 0.006);
      },
    });
    this.hands.push({ seat, img, label });
    this.shownSlaps.push(seat);
  }

  /** The race closed: labels get the server's order and times; the board comes up. */
  closed(result: Json): void {
    const id = typeof result["id"] === "number" ? result["id"] : 0;
    const slaps = Array.isArray(result["slaps"]) ? (result["slaps"] as Json[]) : [];
    slaps.forEach((s, rank) => {
      const hand = this.hands.find((h) => h.seat === s["seat"]);
      const ms = slaps.length <= 3 && typeof s["reactionMs"] === "number" ? ` ${Math.round(s["reactionMs"])}ms` : "";
      hand?.label.setText(`#${rank + 1}${ms}`).setColor(rank === slaps.length - 1 ? "#ffb3aa" : "#ffffff");
    });
    const L = this.stage.layout();
    this.board.setPosition(L.board.x, L.board.y);
    this.board.show(
      id,
      boardRows(result, (seat) => this.stage.name(seat), this.stage.mySeat),
      L.board.w,
    );
    this.boardsShown = [...this.boardsShown.slice(-3), { ...result, id }];
    this.raceId = null;
    this.scene.tweens.killTweensOf(this.title);
    this.title.setVisible(false);
    this.countdown.setVisible(false);
    this.scene.tweens.add({ targets: this.card, alpha: 0, delay: 1200, duration: 300, onComplete: () => this.card.setVisible(false) });
    const hands = this.hands;
    this.hands = [];
    this.scene.tweens.add({
      targets: hands.flatMap((h) => [h.img, h.label]),
      alpha: 0,
      delay: 2600,
      duration: 500,
      onComplete: () => hands.forEach((h) => (h.img.destroy(), h.label.destroy())),
    });
  }

  /** Every frame while a race is open: the countdown (the call window first, while due). */
  tick(race: Json | null, serverNow: number, totalMs: number): void {
    if (this.raceId === null || !race) {
      this.countdown.setVisible(false);
      return;
    }
    const calling = race["call"] === "pending" && typeof race["callDeadline"] === "number";
    const end = calling ? (race["callDeadline"] as number) : typeof race["deadline"] === "number" ? race["deadline"] : 0;
    const L = this.stage.layout();
    this.countdown.setRadius(L.timerR).show(end - serverNow, totalMs, calling ? "Call" : "Slap");
    if (L.portrait) this.countdown.setPosition(L.ring.x - this.countdown.pillWidth / 2 + L.timerR, L.ring.y + L.ring.ry + 16);
    else this.countdown.setPosition(L.discard.x + L.pileW * 1.05, L.discard.y + L.pileW * 0.95);
  }

  private clearHands(): void {
    for (const h of this.hands) {
      h.img.destroy();
      h.label.destroy();
    }
    this.hands = [];
    this.shownSlaps = [];
  }
}
