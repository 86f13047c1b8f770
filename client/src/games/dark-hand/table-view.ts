/**
 * The Skit Scat / Dark Hand table: header, opponents with their tokens, deck and discard pile,
 * the Jokers with the call buttons (Dark Hand), the pot, laid-down melds, the final-round strip,
 * own hand with the Light/Dark toggle, turn buttons, prompt and turn timer. It renders
 * snapshots, plays event animations and turns clicks on legal things into actions.
 */
import Phaser from "phaser";
import type { Json, LegalAction, TableSnap } from "../../net/snapshot.ts";
import type { Shade } from "../../objects/dark-card.ts";
import { HandView } from "../../objects/hand-view.ts";
import { PileView } from "../../objects/pile-view.ts";
import { SeatBadge, seatTargets } from "../../objects/seat-badge.ts";
import { promptBox } from "../../objects/style.ts";
import { TurnTimer } from "../../objects/turn-timer.ts";
import type { Target } from "../../test-hook.ts";
import { awaySeats } from "../common.ts";
import { seatAnchor } from "../seat-ring.ts";
import type { GameTableView, TableHost } from "../types.ts";
import { deckArt, type DeckArt } from "./cards.ts";
import { CallClock } from "./call-clock.ts";
import { TurnControls } from "./controls.ts";
import { playEvent, type FxStage } from "./event-fx.ts";
import { InfoView } from "./info-view.ts";
import { JokerView } from "./joker-view.ts";
import { computeLayout, type Point, type TableLayout } from "./layout.ts";
import { live } from "./live.ts";
import { MeldsView } from "./melds-view.ts";
import { MyArea } from "./my-area.ts";
import {
  badgeInfo,
  finalRoundLine,
  headerOf,
  jokersOf,
  legalOf,
  meldsOf,
  movesOf,
  promptText,
  seatName,
  type Moves,
} from "./view-model.ts";

export class SkitScatTable implements GameTableView {
  private readonly scene: Phaser.Scene;
  private readonly art: DeckArt;
  private readonly info: InfoView;
  private readonly hand: HandView;
  private readonly deck: PileView;
  private readonly discard: PileView;
  private readonly badges = new Map<number, SeatBadge>();
  private readonly jokers: JokerView[] = [];
  private readonly melds: MeldsView;
  private readonly controls: TurnControls;
  private readonly my: MyArea;
  private readonly timer: TurnTimer;
  private layout: TableLayout = computeLayout(1280, 720, 2, 0);
  private snap: TableSnap | null = null;
  private mySeat: number | null = null;
  private moves: Moves = movesOf([]);
  /** When this client showed the deal, for the call race's claim. */
  private readonly callClock = new CallClock();

  constructor(
    private readonly host: TableHost,
    dark: boolean,
  ) {
    const scene = host.scene;
    const send = (a: LegalAction): void => host.send(a);
    this.scene = scene;
    this.art = deckArt(dark);
    this.info = new InfoView(scene);
    this.hand = new HandView(scene, (card) => this.moves.discards.has(card) && send({ type: "discard", card }), this.art.factory);
    this.deck = new PileView(scene, "deck", () => this.moves.drawDeck && send({ type: "drawDeck" }), {
      factory: this.art.factory,
      faceUp: false,
    });
    this.discard = new PileView(scene, "discard", () => this.moves.drawDiscard && send({ type: "drawDiscard" }), {
      factory: this.art.factory,
    });
    if (dark)
      for (const shade of ["light", "dark"] as const)
        this.jokers.push(new JokerView(scene, shade, () => this.moves.calls.has(shade) && host.send(this.callClock.call(shade))));
    this.melds = new MeldsView(scene, this.art.meld);
    this.controls = new TurnControls(scene, send, dark ? () => this.flip() : null);
    this.my = new MyArea(scene);
    this.timer = new TurnTimer(scene);
    live.table = this;
  }

  /** The shade the own hand and the discard pile show (always light in Skit Scat). */
  get shade(): Shade {
    return this.art.shades?.shade ?? "light";
  }

  private flip(): void {
    this.art.shades?.toggle(true);
    if (this.snap) this.render(this.snap, this.mySeat);
  }

  resize(w: number, h: number): void {
    this.layout = computeLayout(w, h, this.snap?.seats.length ?? 2, this.mySeat);
    if (this.snap) this.render(this.snap, this.mySeat);
  }

  render(snap: TableSnap, mySeat: number | null): void {
    if (snap.seats.length !== this.snap?.seats.length || mySeat !== this.mySeat) {
      this.layout = computeLayout(this.scene.scale.width, this.scene.scale.height, snap.seats.length, mySeat);
    }
    this.snap = snap;
    this.mySeat = mySeat;
    this.moves = movesOf(legalOf(snap, mySeat));
    const L = this.layout;
    const started = snap.status !== "waiting";
    const mine = mySeat === null ? null : (snap.seats[mySeat]?.mine ?? null);
    this.hand.update(mine?.hand ?? [], this.moves.discards, L.hand);
    const dis = snap.piles["discard"];
    this.deck
      .setPosition(L.deck.x, L.deck.y)
      .setVisible(started)
      .show(snap.piles["deck"]?.count ?? 0, [], this.moves.drawDeck, L.pileW);
    this.discard
      .setPosition(L.discard.x, L.discard.y)
      .setVisible(started)
      .show(dis?.count ?? 0, dis?.cards ?? [], this.moves.drawDiscard, L.pileW);
    this.renderJokers(snap, mySeat, started);
    this.info.pot(L.pot, typeof snap.info["pot"] === "number" ? snap.info["pot"] : 0, started, L.portrait ? 18 : 24);
    const bar = this.host.topBar();
    const w = this.scene.scale.width;
    const final = finalRoundLine(snap, mySeat);
    // On a desktop the strip shares the top bar: the header leaves room for its shortest form.
    const headerEnd = this.info.header(headerOf(snap).left, w, bar.h, bar.rightInset, final && !L.portrait ? 200 : 0);
    this.info.finalRound(final, L.status, L.portrait, { left: headerEnd + 12, right: w - bar.rightInset - 12 });
    this.melds.update(meldsOf(snap.info["melds"]), (s) => seatName(snap, s, mySeat), L.melds);
    this.controls.update(snap, this.moves, mine?.info ?? {}, L.actions);
    this.controls.placeShade(L.shadeButton, this.shade, started && this.art.dark);
    this.renderBadges(snap, mySeat);
    this.my.render(snap, mySeat, L, promptText(snap, mySeat, this.moves));
  }

  private renderJokers(snap: TableSnap, mySeat: number | null, started: boolean): void {
    const holders = jokersOf(snap);
    const L = this.layout;
    for (const j of this.jokers) {
      const holder = holders?.[j.shade] ?? null;
      j.setVisible(started);
      j.refresh(
        L.jokers[j.shade],
        L.jokers.w,
        holder,
        holder === null ? null : seatName(snap, holder, mySeat),
        started && this.moves.calls.has(j.shade),
        { w: L.callW, h: L.callH, y: L.callY, captionW: L.jokers.captionW },
      );
    }
  }

  event(e: Json): void {
    if (e["type"] === "handDealt") this.callClock.dealt(typeof e["round"] === "number" ? e["round"] : -1);
    playEvent(this.fxStage(), e);
  }

  tick(serverNow: number): void {
    const snap = this.snap;
    if (!snap) return;
    const left = snap.deadline > 0 ? snap.deadline - serverNow : 0;
    const at = this.timerPoint(snap);
    this.timer.setVisible(left > 0 && at !== null && snap.status === "playing" && snap.phase === "turn");
    if (at && left > 0) {
      const total = (typeof snap.options["turnSeconds"] === "number" ? snap.options["turnSeconds"] : 30) * 1000;
      const r = at.r ?? this.layout.timerR;
      const x = Phaser.Math.Clamp(at.x, r + 6, this.scene.scale.width - r - 6);
      this.timer
        .setRadius(r)
        .setPosition(x, Math.max(at.y, this.layout.topBar + r + 4))
        .show(left, total);
    }
    for (const seat of awaySeats(snap, this.mySeat))
      this.badges.get(seat.index)?.refresh(badgeInfo(snap, seat, serverNow), this.layout.badgeW);
  }

  seatPoint(seat: number): Point {
    return seatAnchor(seat, this.mySeat, () => this.hand.slot(1), this.layout.seats, this.layout.badgeW * 0.3, this.scene.scale.width);
  }

  private fxStage(): FxStage {
    const session = this.host.session;
    return {
      scene: this.scene,
      seatPoint: (seat) => this.seatPoint(seat),
      pilePoint: (pile) => (pile === "discard" ? this.discard.anchor : this.deck.anchor),
      pileWidth: this.layout.pileW,
      name: (seat) => seatName(session.snap, seat, session.mySeat),
      mySeat: session.mySeat,
      factory: this.art.flyFactory(),
      jokerClaimed: (shade) => this.jokers.find((j) => j.shade === shade)?.pulse(),
      announce: (text) => live.announce(text),
    };
  }

  readBoxes(): Target[] {
    return promptBox(this.my.prompt);
  }

  targets(): Target[] {
    const out: Array<Target | null> = [...this.hand.targets(), this.deck.target(), this.discard.target()];
    out.push(...this.jokers.map((j) => j.target()), ...this.controls.targets(), ...seatTargets(this.badges));
    return out.filter((t): t is Target => t !== null);
  }

  private timerPoint(snap: TableSnap): (Point & { r?: number }) | null {
    const seat = snap.turn;
    if (seat < 0) return null;
    const L = this.layout;
    if (seat === this.mySeat) {
      return L.portrait ? L.myTimer : { x: L.prompt.x - this.my.prompt.width / 2 - L.timerR - 14, y: L.prompt.y };
    }
    const p = L.seats.get(seat);
    if (p && L.portrait) return this.badges.get(seat)?.ringSpot(this.scene.scale.width) ?? null;
    return p ? { x: p.x + L.badgeW / 2 - 4, y: p.y - L.badgeW * 0.21 } : null;
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
      badge ??= new SeatBadge(this.scene, (t) => this.art.back(t));
      this.badges.set(seat.index, badge);
      badge.setVisible(true).setPosition(at.x, at.y).setDepth(20);
      badge.refresh(badgeInfo(snap, seat, now), this.layout.badgeW);
    }
  }

  destroy(): void {
    this.melds.destroy();
    if (live.table === this) live.table = null;
  }
}
