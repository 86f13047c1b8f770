/**
 * The Devil's Scat table: header, own hand, deck and discard pile, opponents, Knock button,
 * prompt and turn timer. It renders snapshots, plays event animations and turns clicks on legal
 * things into actions.
 */
import Phaser from "phaser";
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { CanvasButton } from "../../objects/button.ts";
import { HandView } from "../../objects/hand-view.ts";
import { PileView } from "../../objects/pile-view.ts";
import { SeatBadge, seatTargets } from "../../objects/seat-badge.ts";
import { canvasTarget, COLORS, MIN_TEXT, promptBox, promptStyle, sharp, textStyle } from "../../objects/style.ts";
import { TurnTimer } from "../../objects/turn-timer.ts";
import type { Target } from "../../test-hook.ts";
import { awaySeats } from "../common.ts";
import { seatAnchor } from "../seat-ring.ts";
import { formatValue } from "../../ui/result-table.ts";
import type { GameTableView, TableHost } from "../types.ts";
import { playEvent, type FxStage } from "./event-fx.ts";
import { HeaderView } from "./header-view.ts";
import { computeLayout, type Point, type TableLayout } from "./layout.ts";
import { badgeInfo, headerOf, isActive, legalOf, movesOf, promptText, scoreLine, seatName, seatTags, type Moves } from "./view-model.ts";

export class DevilsScatTable implements GameTableView {
  private readonly scene: Phaser.Scene;
  private readonly header: HeaderView;
  private readonly hand: HandView;
  private readonly deck: PileView;
  private readonly discard: PileView;
  private readonly badges = new Map<number, SeatBadge>();
  private readonly knock: CanvasButton;
  private readonly prompt: Phaser.GameObjects.Text;
  private readonly meText: Phaser.GameObjects.Text;
  private readonly myGlow: Phaser.GameObjects.Graphics;
  private readonly timer: TurnTimer;
  private layout: TableLayout = computeLayout(1280, 720, 2, 0);
  private snap: TableSnap | null = null;
  private mySeat: number | null = null;
  private moves: Moves = movesOf([]);

  constructor(private readonly host: TableHost) {
    const scene = host.scene;
    const send = (a: { type: string; card?: string }): void => host.send(a);
    this.scene = scene;
    this.header = new HeaderView(scene);
    this.myGlow = scene.add.graphics();
    this.hand = new HandView(scene, (card) => this.moves.discards.has(card) && send({ type: "discard", card }));
    this.deck = new PileView(scene, "deck", () => this.moves.drawDeck && send({ type: "drawDeck" }));
    this.discard = new PileView(scene, "discard", () => this.moves.drawDiscard && send({ type: "drawDiscard" }));
    this.knock = new CanvasButton(scene, "KNOCK", COLORS.gold, () => this.moves.knock && send({ type: "knock" }));
    this.prompt = promptStyle(
      sharp(
        scene.add
          .text(0, 0, "", textStyle(22, "#fff6d8", true))
          .setOrigin(0.5)
          .setDepth(40),
      ),
    );
    this.prompt.setShadow(0, 2, "#000000", 4, false, true);
    this.meText = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#f4efe2", true))
        .setOrigin(0.5)
        .setDepth(40),
    );
    this.timer = new TurnTimer(scene);
  }

  resize(w: number, h: number): void {
    const seatCount = this.snap?.seats.length ?? 2;
    this.layout = computeLayout(w, h, seatCount, this.mySeat);
    if (this.snap) this.render(this.snap, this.mySeat);
    else this.header.update(headerOf(this.host.session.snap), w, this.host.topBar().h, this.host.topBar().rightInset);
  }

  render(snap: TableSnap, mySeat: number | null): void {
    const relayout = snap.seats.length !== this.snap?.seats.length || mySeat !== this.mySeat;
    this.snap = snap;
    this.mySeat = mySeat;
    if (relayout) this.layout = computeLayout(this.scene.scale.width, this.scene.scale.height, snap.seats.length, mySeat);
    this.moves = movesOf(legalOf(snap, mySeat));
    const L = this.layout;
    const mine = mySeat === null ? null : (snap.seats[mySeat]?.mine ?? null);
    this.hand.update(mine?.hand ?? [], this.moves.discards, L.hand);
    const piles = snap.piles;
    this.deck.setPosition(L.deck.x, L.deck.y).show(piles["deck"]?.count ?? 0, [], this.moves.drawDeck, L.pileW);
    const dis = piles["discard"];
    this.discard.setPosition(L.discard.x, L.discard.y).show(dis?.count ?? 0, dis?.cards ?? [], this.moves.drawDiscard, L.pileW);
    const started = snap.status !== "waiting";
    this.deck.setVisible(started);
    this.discard.setVisible(started);
    this.knock.place(L.knock.x, L.knock.y, L.knock.w, L.knock.h).setVisible(this.moves.knock).setDepth(45);
    this.renderBadges(snap, mySeat);
    this.renderMe(snap, mySeat);
    const bar = this.host.topBar();
    this.header.update(headerOf(snap), this.scene.scale.width, bar.h, bar.rightInset);
  }

  event(e: Json): void {
    playEvent(this.fxStage(), e);
  }

  /** Per-frame: countdown and away timers. */
  tick(serverNow: number): void {
    const snap = this.snap;
    if (!snap) return;
    const left = snap.deadline > 0 ? snap.deadline - serverNow : 0;
    const at = this.timerPoint(snap);
    this.timer.setVisible(left > 0 && at !== null && snap.status === "playing");
    if (at && left > 0) {
      const total = (typeof snap.options["turnSeconds"] === "number" ? snap.options["turnSeconds"] : 30) * 1000;
      const r = at.r ?? this.layout.timerR;
      const x = Phaser.Math.Clamp(at.x, r + 6, this.scene.scale.width - r - 6);
      const y = Math.max(at.y, this.layout.topBar + r + 4);
      this.timer.setRadius(r).setPosition(x, y).show(left, total);
    }
    for (const seat of awaySeats(snap, this.mySeat))
      this.badges.get(seat.index)?.refresh(badgeInfo(snap, seat, serverNow), this.layout.badgeW);
  }

  /** Where cards held by `seat` are on screen (the hand for the own seat). */
  seatPoint(seat: number): Point {
    return seatAnchor(seat, this.mySeat, () => this.hand.slot(3), this.layout.seats, this.layout.badgeW * 0.3, this.scene.scale.width);
  }

  pilePoint(pile: string): Point {
    return pile === "discard" ? this.discard.anchor : this.deck.anchor;
  }

  get pileWidth(): number {
    return this.layout.pileW;
  }

  private fxStage(): FxStage {
    const session = this.host.session;
    return {
      scene: this.scene,
      seatPoint: (seat) => this.seatPoint(seat),
      pilePoint: (pile) => this.pilePoint(pile),
      pileWidth: this.pileWidth,
      name: (seat) => seatName(session.snap, seat, session.mySeat),
      mySeat: session.mySeat,
    };
  }

  readBoxes(): Target[] {
    return promptBox(this.prompt);
  }

  targets(): Target[] {
    const out: Array<Target | null> = [...this.hand.targets(), this.deck.target(), this.discard.target()];
    if (this.knock.visible) out.push(canvasTarget("button:knock", this.knock, this.moves.knock));
    out.push(...seatTargets(this.badges));
    return out.filter((t): t is Target => t !== null);
  }

  private timerPoint(snap: TableSnap): (Point & { r?: number }) | null {
    const seat = snap.turn >= 0 ? snap.turn : (snap.awaiting[0] ?? -1);
    if (seat < 0) return null;
    if (seat === this.mySeat) {
      const L = this.layout;
      return L.portrait ? L.myTimer : { x: L.prompt.x - this.prompt.width / 2 - L.timerR - 14, y: L.prompt.y };
    }
    const p = this.layout.seats.get(seat);
    const bw = this.layout.badgeW;
    if (p && this.layout.portrait) return this.badges.get(seat)?.ringSpot(this.scene.scale.width) ?? null;
    return p ? { x: p.x + bw / 2 - 4, y: p.y - bw * 0.21 } : null;
  }

  private renderBadges(snap: TableSnap, mySeat: number | null): void {
    const now = Date.now();
    for (const seat of snap.seats) {
      const at = seat.index === mySeat ? undefined : this.layout.seats.get(seat.index);
      let badge = this.badges.get(seat.index);
      if (!at) {
        badge?.setVisible(false);
        continue;
      }
      badge ??= new SeatBadge(this.scene);
      this.badges.set(seat.index, badge);
      badge.setVisible(true).setPosition(at.x, at.y).setDepth(20);
      badge.refresh(badgeInfo(snap, seat, now), this.layout.badgeW);
    }
  }

  private renderMe(snap: TableSnap, mySeat: number | null): void {
    const L = this.layout;
    const me = mySeat === null ? undefined : snap.seats[mySeat];
    const tags = me ? seatTags(snap, me, Date.now()).filter((t) => t !== "BOT") : [];
    const value = me?.mine?.info["value"];
    const hand = typeof value === "number" && snap.status === "playing" ? [`hand ${formatValue(value)}`] : [];
    this.meText.setText(me ? [`You · ${scoreLine(snap, me)}`, ...hand, ...tags].join(" · ") : "Spectating");
    this.meText.setVisible(snap.status !== "waiting");
    this.meText.setFontSize(L.portrait ? 15 : 17).setPosition(L.me.x, L.me.y);
    // A long line (knocked, away) shrinks to the screen's width, then wraps, rather than running off it.
    const room = this.scene.scale.width - 16;
    this.meText.setWordWrapWidth(null);
    for (let size = L.portrait ? 15 : 17; this.meText.width > room && size > MIN_TEXT;) this.meText.setFontSize(--size);
    if (this.meText.width > room) this.meText.setAlign("center").setWordWrapWidth(room, true);
    // Beside the hand on a narrower landscape table (the keyboard table docked): never off the left edge.
    const left = this.meText.x - this.meText.displayWidth * this.meText.originX;
    if (left < 8) this.meText.setX(this.meText.x + 8 - left);
    this.prompt
      .setText(promptText(snap, mySeat, this.moves))
      .setFontSize(L.portrait ? 16 : 22)
      .setPosition(L.prompt.x, L.prompt.y);
    this.prompt.setOrigin(L.portrait ? 0 : 0.5, 0.5).setWordWrapWidth(L.promptW, true);
    const active = mySeat !== null && isActive(snap, mySeat);
    const { cx, cy, cardW, maxWidth } = L.hand;
    const hh = cardW * 1.4;
    const g = this.myGlow.clear();
    if (!active) return;
    const w = Math.min(maxWidth + 24, cardW * 5.2, this.scene.scale.width - 12);
    const top = cy - hh / 2 - hh * 0.2;
    const bh = hh * 1.2 + 10;
    g.fillStyle(COLORS.turn, 0.14).fillRoundedRect(cx - w / 2, top, w, bh, 20);
    g.lineStyle(3, COLORS.turn, 0.9).strokeRoundedRect(cx - w / 2, top, w, bh, 20);
  }
}
