/**
 * The Dark Hearts table: header with hearts-broken markers, own hand of double-sided cards with
 * the Light/Dark switch, opponents with both scores, the trick, the pass (pick three, confirm,
 * countdown, who has passed), the last trick on demand and the received cards.
 */
import Phaser from "phaser";
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { CanvasButton } from "../../objects/button.ts";
import { Countdown } from "../../objects/countdown.ts";
import { ShadeSwitch, type Shade } from "../../objects/dark-card.ts";
import { HandView } from "../../objects/hand-view.ts";
import { type SeatBadge, seatTargets } from "../../objects/seat-badge.ts";
import { canvasTarget, COLORS, promptBox, promptStyle, sharp, textStyle } from "../../objects/style.ts";
import { TurnTimer } from "../../objects/turn-timer.ts";
import type { Target } from "../../test-hook.ts";
import { seatAnchor } from "../seat-ring.ts";
import type { GameTableView, TableHost } from "../types.ts";
import { playEvent, type FxStage } from "./event-fx.ts";
import { HeaderView } from "./header-view.ts";
import { LastTrickPanel } from "./last-trick-panel.ts";
import { computeLayout, type Point, type TableLayout } from "./layout.ts";
import { ReceivedView } from "./received-view.ts";
import { ShadeToggle } from "./shade-toggle.ts";
import { renderBadges, shownTrick, timerPoint, visibleStrips } from "./table-parts.ts";
import { TrickView } from "./trick-view.ts";
import { handLegal, headerOf, pickReady, resetUi, settle, togglePick, ui } from "./ui-state.ts";
import {
  canLead,
  countsIn,
  directionText,
  handLine,
  isActive,
  legalOf,
  movesOf,
  passDirection,
  promptText,
  scoreLine,
  seatName,
  trickOf,
  tricksLine,
  type Moves,
} from "./view-model.ts";

export class DarkHeartsTable implements GameTableView {
  private readonly scene: Phaser.Scene;
  private readonly header: HeaderView;
  private readonly shades = new ShadeSwitch("light");
  private readonly hand: HandView;
  private readonly trick: TrickView;
  private readonly lastPanel: LastTrickPanel;
  private readonly received: ReceivedView;
  private readonly toggle: ShadeToggle;
  private readonly passBtn: CanvasButton;
  private readonly lastBtn: CanvasButton;
  private readonly badges = new Map<number, SeatBadge>();
  private readonly prompt: Phaser.GameObjects.Text;
  private readonly meText: Phaser.GameObjects.Text;
  private readonly centerText: Phaser.GameObjects.Text;
  private readonly countdown: Countdown;
  private readonly timer: TurnTimer;
  private layout: TableLayout = computeLayout(1280, 720, 4, 0);
  private snap: TableSnap | null = null;
  private mySeat: number | null = null;
  private moves: Moves = movesOf([]);
  private trickKey = "";

  constructor(private readonly host: TableHost) {
    const scene = host.scene;
    this.scene = scene;
    resetUi();
    this.header = new HeaderView(scene);
    this.hand = new HandView(scene, (card) => this.pick(card), this.shades.factory());
    this.trick = new TrickView(scene);
    this.lastPanel = new LastTrickPanel(scene, () => this.setLastOpen(false));
    this.received = new ReceivedView(scene);
    this.toggle = new ShadeToggle(scene, (s) => this.chooseShade(s));
    this.passBtn = new CanvasButton(scene, "PASS 3 ▶", COLORS.gold, () => this.sendPass());
    this.lastBtn = new CanvasButton(scene, "Last trick", 0xd9d2bf, () => this.setLastOpen(!ui.lastTrickOpen));
    const text = (size: number, color: string): Phaser.GameObjects.Text =>
      sharp(scene.add.text(0, 0, "", textStyle(size, color, true)).setDepth(40));
    this.prompt = promptStyle(text(20, "#fff6d8").setOrigin(0.5).setShadow(0, 2, "#000000", 4, false, true));
    this.meText = text(16, "#f4efe2").setOrigin(0.5).setAlign("center");
    this.centerText = text(22, "#fff6d8").setOrigin(0.5).setAlign("center").setShadow(0, 2, "#000000", 4, false, true);
    this.countdown = new Countdown(scene);
    this.timer = new TurnTimer(scene);
  }

  resize(w: number, h: number): void {
    this.layout = computeLayout(w, h, this.snap?.seats.length ?? 4, this.mySeat);
    if (this.snap) this.render(this.snap, this.mySeat);
  }

  render(snap: TableSnap, mySeat: number | null): void {
    if (snap.seats.length !== this.snap?.seats.length || mySeat !== this.mySeat) {
      this.layout = computeLayout(this.scene.scale.width, this.scene.scale.height, snap.seats.length, mySeat);
    }
    this.snap = snap;
    this.mySeat = mySeat;
    this.moves = movesOf(legalOf(snap, mySeat));
    settle(this.moves);
    this.followShade(snap);
    this.renderHand(snap, mySeat);
    this.renderTrick(snap);
    this.renderControls(snap);
    renderBadges(this.scene, this.badges, snap, mySeat, this.layout, this.host.session.clock.now());
    this.renderMe(snap, mySeat);
    const bar = this.host.topBar();
    this.header.update(headerOf(snap), this.scene.scale.width, bar.h, bar.rightInset);
  }

  event(e: Json): void {
    playEvent(this.fxStage(), e);
  }

  tick(serverNow: number): void {
    const snap = this.snap;
    if (!snap) return;
    const left = snap.deadline > 0 && snap.status === "playing" ? snap.deadline - serverNow : 0;
    const total = (typeof snap.options["turnSeconds"] === "number" ? snap.options["turnSeconds"] : 30) * 1000;
    const L = this.layout;
    const passing = snap.phase === "pass";
    this.countdown.setVisible(passing && left > 0);
    if (passing && left > 0) {
      this.countdown.setRadius(L.portrait ? 18 : 22).show(left, total, "Pass");
      this.countdown.setPosition(L.trick.x - this.countdown.pillWidth / 2 + (L.portrait ? 18 : 22), L.trick.y + (L.portrait ? 44 : 58));
    }
    const at = snap.phase === "play" ? timerPoint(snap, this.mySeat, L, this.prompt.width) : null;
    this.timer.setVisible(at !== null && left > 0);
    if (at && left > 0) this.timer.setRadius(L.timerR).setPosition(at.x, at.y).show(left, total);
  }

  readBoxes(): Target[] {
    return promptBox(this.prompt);
  }

  targets(): Target[] {
    const out: Array<Target | null> = [...visibleStrips(this.hand.targets()), ...this.toggle.targets()];
    if (this.passBtn.visible) out.push(canvasTarget("button:pass", this.passBtn, this.passBtn.enabled));
    if (this.lastBtn.visible) out.push(canvasTarget("button:last-trick", this.lastBtn, this.lastBtn.enabled));
    out.push(...seatTargets(this.badges));
    return out.filter((t): t is Target => t !== null);
  }

  destroy(): void {
    this.trick.destroy();
    resetUi();
  }

  private pick(card: string): void {
    const m = this.moves;
    if (m.passes.size > 0) {
      if (!m.passCards.has(card)) return;
      togglePick(card);
      if (this.snap) this.render(this.snap, this.mySeat);
    } else if (canLead(m)) {
      if (m.leads[ui.shade].has(card)) this.host.send({ type: "lead", card, shade: ui.shade });
    } else if (m.plays.has(card)) this.host.send({ type: "play", card });
  }

  private sendPass(): void {
    if (pickReady(this.moves)) this.host.send({ type: "passCards", cards: [...ui.picked] });
  }

  private chooseShade(shade: Shade): void {
    ui.shade = shade;
    this.shades.set(shade, true);
    if (this.snap) this.render(this.snap, this.mySeat);
  }

  private setLastOpen(open: boolean): void {
    ui.lastTrickOpen = open;
    if (this.snap) this.render(this.snap, this.mySeat);
  }

  /** A new trick turns the hand to its shade (the player may still flip it to look). */
  private followShade(snap: TableSnap): void {
    const t = trickOf(snap.info["trick"]);
    const key = t ? `${snap.round}|${String(snap.info["trickNumber"])}|${t.shade}` : "";
    if (key !== this.trickKey && t && !canLead(this.moves)) ui.shade = t.shade;
    this.trickKey = key;
    if (this.shades.shade !== ui.shade) this.shades.set(ui.shade, true);
  }

  private renderHand(snap: TableSnap, mySeat: number | null): void {
    const mine = mySeat === null ? null : (snap.seats[mySeat]?.mine ?? null);
    const passed = Array.isArray(mine?.info["passed"]) ? (mine.info["passed"] as string[]) : [];
    const selected = new Set(this.moves.passes.size > 0 ? ui.picked : snap.phase === "pass" ? passed : []);
    this.hand.update(mine?.hand ?? [], handLegal(this.moves), this.layout.hand, { selected });
    const received = Array.isArray(mine?.info["received"]) ? (mine.info["received"] as string[]) : [];
    const early = snap.phase === "play" && Number(snap.info["tricksPlayed"] ?? 0) < 1;
    const from = seatName(snap, typeof mine?.info["receiveFrom"] === "number" ? mine.info["receiveFrom"] : null, mySeat);
    this.received.show(early ? received : [], from, this.layout.received, ui.shade);
  }

  private renderTrick(snap: TableSnap): void {
    const L = this.layout;
    const name = (s: number): string => seatName(snap, s, this.mySeat);
    const shown = shownTrick(snap, this.mySeat);
    this.trick.update(shown.trick, { ...L.trick, seats: snap.seats.length, mySeat: this.mySeat ?? 0 }, shown.caption, name, (s) =>
      this.seatPoint(s),
    );
    const live = trickOf(snap.info["trick"]);
    ui.dimmed = live ? live.plays.filter((p) => !countsIn(live, p)).map((p) => p.card) : [];
    const last = trickOf(snap.info["lastTrick"]);
    if (!last) ui.lastTrickOpen = false;
    if (last && ui.lastTrickOpen)
      this.lastPanel.show(last, { x: L.trick.x, y: L.trick.y }, Math.min(this.scene.scale.width - 16, 560), name);
    else this.lastPanel.hide();
    const mine = this.mySeat === null ? null : snap.seats[this.mySeat]?.mine;
    const to = seatName(snap, typeof mine?.info["passTo"] === "number" ? mine.info["passTo"] : null, this.mySeat);
    const passing = snap.phase === "pass" && snap.status === "playing";
    this.centerText
      .setText(passing ? `Pass ${directionText(passDirection(snap))}\nto ${to}` : "")
      .setPosition(L.trick.x, L.trick.y - (L.portrait ? 14 : 10));
    this.centerText.setFontSize(L.portrait ? 20 : 26);
  }

  private renderControls(snap: TableSnap): void {
    const L = this.layout;
    const m = this.moves;
    const playing = snap.status === "playing" && (this.snap?.seats[this.mySeat ?? -1]?.mine?.hand.length ?? 0) > 0;
    const leading = canLead(m);
    this.toggle
      .setVisible(playing)
      .show(
        L.shade,
        ui.shade,
        { light: !leading || m.leads.light.size > 0, dark: !leading || m.leads.dark.size > 0 },
        leading ? "Lead in" : "Show faces",
      );
    this.passBtn
      .place(L.pass.x, L.pass.y, L.pass.w, L.pass.h)
      .setVisible(m.passes.size > 0)
      .setDepth(45);
    this.passBtn.setEnabled(pickReady(m));
    const hasLast = snap.info["lastTrick"] !== null && snap.info["lastTrick"] !== undefined;
    this.lastBtn
      .place(L.lastTrick.x, L.lastTrick.y, L.lastTrick.w, L.lastTrick.h)
      .setVisible(hasLast && snap.status === "playing")
      .setDepth(45);
  }

  private renderMe(snap: TableSnap, mySeat: number | null): void {
    const L = this.layout;
    const me = mySeat === null ? undefined : snap.seats[mySeat];
    const status = snap.phase === "pass" && me?.info["passed"] === true ? "✓ passed" : "";
    const lines = me
      ? [`You · ${scoreLine(me)}`, `${handLine(me)} · ${tricksLine(me, false)}`, status].filter((s) => s !== "")
      : ["Spectating"];
    this.meText.setText(L.portrait ? lines.join(" · ") : lines.join("\n")).setVisible(snap.status !== "waiting");
    this.meText.setFontSize(L.portrait ? 14 : 16).setPosition(L.me.x, L.me.y);
    this.meText.setColor(me && isActive(snap, me.index) ? "#ffe27a" : "#f4efe2");
    this.prompt.setText(promptText(snap, mySeat, this.moves, ui.picked.length, ui.shade)).setFontSize(L.portrait ? 15 : 20);
    this.prompt
      .setOrigin(L.portrait ? 0 : 0.5, 0.5)
      .setPosition(L.prompt.x, L.prompt.y)
      .setWordWrapWidth(L.promptW, true);
  }

  private seatPoint(seat: number): Point {
    return seatAnchor(seat, this.mySeat, () => this.hand.slot(6), this.layout.seats, 0, this.scene.scale.width);
  }

  private fxStage(): FxStage {
    const session = this.host.session;
    return {
      scene: this.scene,
      mySeat: session.mySeat,
      name: (seat) => seatName(session.snap, seat, session.mySeat),
    };
  }
}
