/**
 * The Hit the Deck table: header (direction, demand), opponents with their connection bars, the draw
 * and discard piles inside the direction ring, the own hand with playable cards raised, the
 * SLAP / CALL / DRAW controls, the slap race and the event animations.
 */
import Phaser from "phaser";
import type { Json, TableSnap } from "../../net/snapshot.ts";
import { HandView } from "../../objects/hand-view.ts";
import { PileView } from "../../objects/pile-view.ts";
import { SeatBadge, seatTargets } from "../../objects/seat-badge.ts";
import { TurnTimer } from "../../objects/turn-timer.ts";
import type { Target } from "../../test-hook.ts";
import { awaySeats } from "../common.ts";
import { seatAnchor } from "../seat-ring.ts";
import type { GameTableView, TableHost } from "../types.ts";
import { hitFactory, hitTexture } from "./card-art.ts";
import { Controls } from "./controls.ts";
import { playEvent, type FxStage } from "./event-fx.ts";
import { DirectionRing, HeaderView } from "./header-view.ts";
import { computeLayout, type Point, type TableLayout } from "./layout.ts";
import { MyPlace } from "./my-place.ts";
import { RaceDirector } from "./race-director.ts";
import { badgeInfo, headerOf, legalOf, movesOf, raceOf, seatName, type Moves } from "./view-model.ts";

export class HitTheDeckTable implements GameTableView {
  private readonly scene: Phaser.Scene;
  private readonly header: HeaderView;
  private readonly ring: DirectionRing;
  private readonly hand: HandView;
  private readonly deck: PileView;
  private readonly discard: PileView;
  private readonly badges = new Map<number, SeatBadge>();
  private readonly me: MyPlace;
  private readonly timer: TurnTimer;
  private readonly controls: Controls;
  private readonly race: RaceDirector;
  private layout: TableLayout = computeLayout(1280, 720, 2, 0);
  private snap: TableSnap | null = null;
  private mySeat: number | null = null;
  private moves: Moves = movesOf([]);

  constructor(private readonly host: TableHost) {
    const scene = host.scene;
    this.scene = scene;
    this.header = new HeaderView(scene);
    this.ring = new DirectionRing(scene);
    this.hand = new HandView(scene, (card) => this.moves.plays.has(card) && host.send({ type: "play", card }), hitFactory);
    this.deck = new PileView(scene, "deck", () => this.moves.draw && host.send({ type: "draw" }), {
      factory: hitFactory,
      faceUp: false,
      label: "Draw",
    });
    this.discard = new PileView(scene, "discard", () => undefined, { factory: hitFactory, label: "Discard" });
    this.me = new MyPlace(scene);
    this.timer = new TurnTimer(scene);
    this.race = new RaceDirector(
      scene,
      {
        seatPoint: (seat) => this.seatPoint(seat),
        name: (seat) => seatName(this.host.session.snap, seat, this.host.session.mySeat),
        get mySeat() {
          return host.session.mySeat;
        },
        layout: () => this.layout,
      },
      (a) => host.send(a),
    );
    this.controls = new Controls(scene, {
      slap: (at) => this.race.slap(at, this.moves.slap),
      call: () => this.race.call(this.moves.call),
      draw: () => this.moves.draw && host.send({ type: "draw" }),
    });
  }

  resize(w: number, h: number): void {
    this.layout = computeLayout(w, h, this.snap?.seats.length ?? 2, this.mySeat);
    if (this.snap) this.render(this.snap, this.mySeat);
    else this.header.update(headerOf(this.host.session.snap), w, this.host.topBar().h, this.host.topBar().rightInset);
  }

  render(snap: TableSnap, mySeat: number | null): void {
    if (snap.seats.length !== this.snap?.seats.length || mySeat !== this.mySeat) {
      this.layout = computeLayout(this.scene.scale.width, this.scene.scale.height, snap.seats.length, mySeat);
    }
    this.snap = snap;
    this.mySeat = mySeat;
    this.moves = movesOf(legalOf(snap, mySeat));
    const L = this.layout;
    const mine = mySeat === null ? null : (snap.seats[mySeat]?.mine ?? null);
    this.hand.update(mine?.hand ?? [], this.moves.plays, L.hand);
    const started = snap.status !== "waiting";
    const dis = snap.piles["discard"];
    this.deck.setPosition(L.deck.x, L.deck.y).show(snap.piles["deck"]?.count ?? 0, [], this.moves.draw, L.pileW);
    this.discard.setPosition(L.discard.x, L.discard.y).show(dis?.count ?? 0, dis?.cards ?? [], false, L.pileW);
    this.deck.setVisible(started);
    this.discard.setVisible(started);
    this.ring.show(L.ring, headerOf(snap).direction, snap.status === "playing", !L.portrait);
    this.controls.update(this.moves, L, snap.status === "playing", raceOf(snap) !== null);
    this.renderBadges(snap, mySeat);
    this.me.update(snap, mySeat, this.moves, L);
    this.race.render(snap);
    const bar = this.host.topBar();
    this.header.update(headerOf(snap), this.scene.scale.width, bar.h, bar.rightInset);
  }

  event(e: Json): void {
    if (!this.race.event(e)) playEvent(this.fxStage(), e);
  }

  tick(serverNow: number): void {
    const snap = this.snap;
    if (!snap) return;
    this.race.tick(snap, serverNow);
    const left = snap.deadline > 0 && snap.turn >= 0 ? snap.deadline - serverNow : 0;
    const at = snap.turn >= 0 ? this.timerPoint(snap.turn) : null;
    this.timer.setVisible(left > 0 && at !== null && snap.status === "playing");
    if (at && left > 0) {
      const total = (typeof snap.options["turnSeconds"] === "number" ? snap.options["turnSeconds"] : 30) * 1000;
      this.timer
        .setRadius(at.r ?? this.layout.timerR)
        .setPosition(at.x, at.y)
        .show(left, total);
    }
    for (const seat of awaySeats(snap, this.mySeat))
      this.badges.get(seat.index)?.refresh(badgeInfo(snap, seat, serverNow), this.layout.badgeW);
  }

  readBoxes(): Target[] {
    return this.me.promptBox();
  }

  targets(): Target[] {
    const out: Array<Target | null> = [...this.hand.targets(), this.deck.target(), ...this.controls.targets(), ...seatTargets(this.badges)];
    return out.filter((t): t is Target => t !== null);
  }

  destroy(): void {
    this.controls.destroy();
  }

  /** Where cards held by `seat` are on screen (the hand for the own seat). */
  seatPoint(seat: number): Point {
    return seatAnchor(seat, this.mySeat, () => this.hand.slot(3), this.layout.seats, this.layout.badgeW * 0.25, this.scene.scale.width);
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
    };
  }

  private timerPoint(seat: number): (Point & { r?: number }) | null {
    const L = this.layout;
    if (seat === this.mySeat)
      return L.portrait ? { x: L.timerR + 12, y: L.prompt.y } : { x: L.prompt.x - L.promptW / 2 - L.timerR, y: L.prompt.y };
    const p = L.seats.get(seat);
    if (p && L.portrait) return this.badges.get(seat)?.ringSpot(this.scene.scale.width) ?? null;
    return p ? { x: Math.min(p.x + L.badgeW / 2 - 4, this.scene.scale.width - L.timerR - 4), y: p.y - L.badgeW * 0.2 } : null;
  }

  private renderBadges(snap: TableSnap, mySeat: number | null): void {
    const now = this.host.session.clock.now();
    for (const seat of snap.seats) {
      const at = seat.index === mySeat ? undefined : this.layout.seats.get(seat.index);
      let badge = this.badges.get(seat.index);
      if (!at) {
        badge?.setVisible(false);
        continue;
      }
      badge ??= new SeatBadge(this.scene, (t) => hitTexture(t, null));
      this.badges.set(seat.index, badge);
      badge.setVisible(true).setPosition(at.x, at.y).setDepth(20);
      badge.refresh(badgeInfo(snap, seat, now), this.layout.badgeW);
    }
  }
}
