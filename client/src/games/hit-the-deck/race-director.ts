/**
 * Routes the race events and snapshots to the race clock (what a slap claims) and the race view
 * (what is on screen), and turns presses into `slap` / `call` actions.
 */
import type Phaser from "phaser";
import { num, str, type Json, type TableSnap } from "../../net/snapshot.ts";
import { banner, floatText } from "./event-fx.ts";
import { raceClock } from "./race-clock.ts";
import { RaceView, type RaceStage } from "./race-view.ts";
import { lastRaceOf, raceOf } from "./view-model.ts";

const RACE_EVENTS = new Set(["raceOpened", "slapped", "called", "callMissed", "raceClosed"]);

export class RaceDirector {
  private readonly view: RaceView;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly stage: RaceStage,
    private readonly send: (a: Json & { type: string }) => void,
  ) {
    raceClock.reset();
    this.view = new RaceView(scene, stage);
  }

  /** Handles a race event; false for any other event. */
  event(e: Json): boolean {
    const type = str(e["type"]);
    if (!RACE_EVENTS.has(type)) return false;
    const seat = num(e["seat"], -1);
    if (type === "raceOpened") this.open(num(e["race"], 0), str(e["card"]), num(e["cause"], -1));
    else if (type === "slapped") this.view.slapped(seat);
    else if (type === "called") floatText(this.scene, this.stage.seatPoint(seat), "“Hit the deck with a hand!”", "#ffe27a", 20);
    else if (type === "callMissed") banner(this.scene, `${this.stage.name(seat)} forgot to call!`, "#ffb3aa");
    else this.close(typeof e["result"] === "object" && e["result"] !== null ? (e["result"] as Json) : {});
    this.publish();
    return true;
  }

  /** A snapshot: catches up with a race whose events we missed (a reload, a late join). */
  render(snap: TableSnap): void {
    const race = raceOf(snap);
    if (raceClock.sync(race) && race) this.show(num(race["id"], 0), str(race["card"]));
    if (race && this.view.open) {
      const slapped = Array.isArray(race["slapped"]) ? (race["slapped"] as unknown[]) : [];
      for (const s of slapped) if (typeof s === "number") this.view.slapped(s);
    }
    if (!race && this.view.open && raceClock.current?.closed) {
      const last = lastRaceOf(snap);
      this.close(last ?? { id: raceClock.current.id });
    }
    this.publish();
  }

  tick(snap: TableSnap, serverNow: number): void {
    const race = raceOf(snap);
    const calling = race?.["call"] === "pending";
    const total = num(snap.info[calling ? "callMs" : "raceMs"], calling ? 2000 : 3000);
    this.view.tick(race, serverNow, total);
  }

  /** The SLAP pad or the space bar at `pressedAt` (client clock). */
  slap(pressedAt: number, legal: boolean): void {
    const action = raceClock.slapFor(pressedAt, legal);
    if (action) this.send(action);
    this.publish();
  }

  call(legal: boolean): void {
    if (!legal) return;
    raceClock.calls++;
    this.send({ type: "call" });
  }

  private open(id: number, card: string, cause: number): void {
    if (raceClock.open(id, card, cause)) this.show(id, card);
  }

  private show(id: number, card: string): void {
    this.view.opened(id, card, (at) => {
      raceClock.markShown(id, at);
      this.publish();
    });
  }

  private close(result: Json): void {
    const id = num(result["id"], raceClock.current?.id ?? 0);
    raceClock.close(id);
    if (this.view.open) this.view.closed(result);
  }

  private publish(): void {
    raceClock.screen = {
      slapsShown: [...this.view.shownSlaps],
      boardsShown: [...this.view.boardsShown],
      boardText: [...this.view.boardText],
      raceOnScreen: this.view.open,
    };
  }
}
