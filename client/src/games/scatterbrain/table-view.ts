/**
 * The Scatterbrain table: header, opponents with their table cards, deck and discard fan, the
 * own hand and table cards, the call buttons, the phase countdown, the guess grid and the last
 * guess. It renders snapshots, plays event animations and turns clicks on legal things into actions.
 */
import type Phaser from "phaser";
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { CanvasButton } from "../../objects/button.ts";
import { Countdown } from "../../objects/countdown.ts";
import { PileView } from "../../objects/pile-view.ts";
import { spriteFactory } from "../../objects/card-sprite.ts";
import { standardArt } from "../../objects/standard-art.ts";
import { canvasTarget, COLORS, MIN_TEXT, sharp, textStyle } from "../../objects/style.ts";
import type { Target } from "../../test-hook.ts";
import { awaySeats } from "../common.ts";
import type { GameTableView, TableHost } from "../types.ts";
import { DiscardFan } from "./discard-fan.ts";
import { playEvent, type FxStage } from "./event-fx.ts";
import { GuessGrid } from "./guess-grid.ts";
import { HeaderBar } from "./header-bar.ts";
import { computeLayout, type Point, type TableLayout } from "./layout.ts";
import { lastGuessText } from "./last-guess.ts";
import { OwnView } from "./own-view.ts";
import { SeatZone } from "./seat-zone.ts";
import { countdownLabel, isActive, legalOf, movesOf, phaseTotalMs, seatName, type Moves } from "./view-model.ts";

export class ScatterbrainTable implements GameTableView {
  private readonly scene: Phaser.Scene;
  private readonly header: HeaderBar;
  private readonly own: OwnView;
  private readonly deck: PileView;
  private readonly discard: DiscardFan;
  private readonly zones = new Map<number, SeatZone>();
  private readonly call: CanvasButton;
  private readonly decline: CanvasButton;
  private readonly countdown: Countdown;
  private readonly grid: GuessGrid;
  private readonly last: Phaser.GameObjects.Text;
  private layout: TableLayout = computeLayout(1280, 720, 4, 0);
  private snap: TableSnap | null = null;
  private mySeat: number | null = null;
  private moves: Moves = movesOf([]);
  private cdLabel = "";

  constructor(private readonly host: TableHost) {
    const scene = host.scene;
    const send = (a: { type: string; card?: string }): void => host.send(a);
    this.scene = scene;
    this.header = new HeaderBar(scene);
    this.own = new OwnView(scene, (card) => {
      if (this.moves.holes.has(card)) send({ type: "chooseHole", card });
      else if (this.moves.discards.has(card)) send({ type: "discard", card });
    });
    this.deck = new PileView(scene, "deck", () => this.moves.drawDeck && send({ type: "drawDeck" }), {
      faceUp: false,
      factory: spriteFactory(standardArt),
    });
    this.discard = new DiscardFan(scene, () => this.moves.drawDiscard && send({ type: "drawDiscard" }));
    this.call = new CanvasButton(scene, "SCATTERBRAIN!", COLORS.gold, () => this.moves.call && send({ type: "callScatterbrain" })).setDepth(
      45,
    );
    this.decline = new CanvasButton(scene, "Keep playing", 0xd9d2bf, () => this.moves.decline && send({ type: "declineCall" })).setDepth(
      45,
    );
    this.countdown = new Countdown(scene);
    this.grid = new GuessGrid(
      scene,
      (card) => this.moves.guesses.has(card) && send({ type: "guess", card }),
      () => this.moves.skip && send({ type: "skipGuess" }),
    );
    this.last = sharp(
      scene.add
        .text(0, 0, "", textStyle(16, "#fff2c0", true))
        .setOrigin(0.5, 0)
        .setDepth(41),
    );
    this.last.setShadow(0, 2, "#000000", 4, false, true);
  }

  resize(w: number, h: number): void {
    this.layout = computeLayout(w, h, this.snap?.seats.length ?? 4, this.mySeat);
    if (this.snap) this.render(this.snap, this.mySeat);
    else this.paintHeader(null);
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
    const active = mySeat !== null && isActive(snap, mySeat) && snap.phase !== "handOver";
    this.own.render(snap, mySeat, this.moves, L, active);
    this.deck.setPosition(L.deck.x, L.deck.y).show(snap.piles["deck"]?.count ?? 0, [], this.moves.drawDeck, L.pileW);
    this.deck.setVisible(started);
    this.discard.show(snap.piles["discard"]?.cards ?? [], L.discard, L.portrait ? 52 : 76, this.moves.drawDiscard);
    this.discard.setVisible(started);
    this.renderZones(snap, mySeat);
    this.renderButtons(L);
    this.last
      .setText(lastGuessText(snap, mySeat))
      .setPosition(L.w / 2, L.discard.y + L.discard.h + 4)
      .setFontSize(L.portrait ? MIN_TEXT : 16);
    this.last.setWordWrapWidth(L.w - 24, true).setAlign("center");
    const guessing = this.moves.guesses.size > 0 || this.moves.skip;
    const title = snap.info["deckOut"] === "noCall" ? "Deck out: name a card (find a hole card!)" : "Name a card you cannot see";
    this.grid.show(guessing ? this.moves.guesses : null, this.moves.skip, L.grid, L.portrait, title);
    this.paintHeader(snap);
  }

  event(e: Json): void {
    playEvent(this.fxStage(), e);
  }

  tick(serverNow: number): void {
    const snap = this.snap;
    if (!snap) return;
    const left = snap.deadline > 0 && snap.status === "playing" ? snap.deadline - serverNow : 0;
    const total = phaseTotalMs(snap);
    const label = countdownLabel(snap, this.mySeat);
    this.cdLabel = label;
    const L = this.layout;
    this.countdown.setVisible(!this.grid.visible && label !== "");
    if (!this.grid.visible && label !== "")
      this.countdown
        .setRadius(L.countdownR)
        .setPosition(L.countdown.x + (L.portrait ? L.countdownR - this.countdown.pillWidth / 2 : 0), L.countdown.y)
        .show(left, total, label);
    this.grid.placeCountdown(L.grid, left, total);
    for (const seat of awaySeats(snap, this.mySeat)) this.zones.get(seat.index)?.refreshBadge(snap, seat, L.badgeW, serverNow);
  }

  readBoxes(): Target[] {
    return this.own.promptBox();
  }

  targets(): Target[] {
    const out: Array<Target | null> = [...this.own.targets(), this.deck.target(), this.discard.target(), ...this.grid.targets()];
    if (this.call.visible) out.push(canvasTarget("button:call", this.call, this.moves.call));
    if (this.decline.visible) out.push(canvasTarget("button:decline", this.decline, this.moves.decline));
    // Read-only things tests check on screen (never enabled): the phase countdown, the last guess.
    if (this.countdown.visible) out.push(canvasTarget(`countdown:${this.cdLabel}`, this.countdown, false));
    if (this.last.text !== "") out.push(canvasTarget("text:last-guess", this.last, false));
    for (const [seat, zone] of this.zones) out.push(zone.target(seat));
    return out.filter((t): t is Target => t !== null);
  }

  private renderZones(snap: TableSnap, mySeat: number | null): void {
    const dealt = Array.isArray(snap.info["dealt"]) ? (snap.info["dealt"] as unknown[]) : null;
    const now = Date.now();
    for (const seat of snap.seats) {
      if (seat.index === mySeat) continue;
      let zone = this.zones.get(seat.index);
      if (!zone) {
        zone = new SeatZone(this.scene);
        this.zones.set(seat.index, zone);
      }
      const hand = dealt?.[seat.index];
      const cards = Array.isArray(hand) ? hand.filter((c): c is string => typeof c === "string") : null;
      zone.render(snap, seat, this.layout.zones.get(seat.index), this.layout.badgeW, cards, now);
    }
  }

  private renderButtons(L: TableLayout): void {
    const show = this.moves.call || this.moves.decline;
    const w = L.portrait ? Math.min(170, L.w * 0.44) : 230;
    const h = L.portrait ? 46 : 52;
    const at = (i: number): Point =>
      L.portrait ? { x: L.w / 2 + (i === 0 ? -1 : 1) * (w / 2 + 6), y: L.buttons.y } : { x: L.buttons.x, y: L.buttons.y + i * (h + 10) };
    this.call.place(at(0).x, at(0).y, w, h).setVisible(show && this.moves.call);
    this.decline.place(at(1).x, at(1).y, w, h).setVisible(show && this.moves.decline);
  }

  private paintHeader(snap: TableSnap | null): void {
    const bar = this.host.topBar();
    this.header.update(snap, this.scene.scale.width, bar.h, bar.rightInset);
  }

  private point(seat: number, what: "hand" | "hole" | "trophy"): Point {
    if (seat === this.mySeat) return what === "hand" ? this.own.handPoint : what === "hole" ? this.own.holePoint : this.own.trophyPoint;
    const z = this.zones.get(seat);
    if (!z) return { x: this.layout.w / 2, y: 0 };
    return what === "hand" ? z.handPoint : what === "hole" ? z.holePoint : z.trophyPoint;
  }

  private fxStage(): FxStage {
    const session = this.host.session;
    return {
      scene: this.scene,
      mySeat: session.mySeat,
      handPoint: (s) => this.point(s, "hand"),
      holePoint: (s) => this.point(s, "hole"),
      trophyPoint: (s) => this.point(s, "trophy"),
      deckPoint: { x: this.deck.x, y: this.deck.y },
      discardTop: this.discard.topPoint,
      discardLanding: this.discard.landing,
      cardW: this.layout.mine.cardW,
      memoriseBannerAt: memoriseBannerAt(this.layout),
      name: (s) => seatName(session.snap, s, session.mySeat),
    };
  }
}

/** Half the height of a one-line banner at its largest (44 px letters and their outline). */
const BANNER_HALF = 34;

/**
 * The memorise banner's place: its usual 30% down, unless that lies over the memorise countdown
 * (it did at 1280x720, hiding the seconds left); then just under the countdown.
 */
function memoriseBannerAt(L: TableLayout): number {
  const usual = L.h * 0.3;
  if (Math.abs(usual - L.countdown.y) >= BANNER_HALF + L.countdownR + 4) return 0.3;
  return (L.countdown.y + L.countdownR + BANNER_HALF + 8) / L.h;
}
