/**
 * The replay viewer: a finished game's log, verified and replayed with the shared engines
 * (`Replay`, shared/src/fairness/replay.ts), shown through the game's own table view. Stepping
 * forward feeds the view the step's events (as the seat watched would have received them) and
 * then the new snapshot, as a live table does; any other move (back, a jump, another view)
 * rebuilds the table at the target frame. Controls and the side panel are HTML
 * (replay-panel.ts). Opened from the lobby (a file), after a game ("Replay this game") or by a
 * link `?replay=<match id>` to a ranked match stored on this server.
 */
import Phaser from "phaser";
import "./replay.css";
import type { Replay } from "@scat/shared/fairness/replay.ts";
import { gameModule } from "../games/registry.ts";
import type { GameModule, GameTableView, TableHost, TableSource } from "../games/types.ts";
import type { TableSnap } from "../net/snapshot.ts";
import { clearBanners } from "../objects/card-fx.ts";
import { placeToasts, setToastKeepClear } from "../ui/toast.ts";
import { centreLine } from "../objects/style.ts";
import { addTargets, setStateProvider, type Target } from "../test-hook.ts";
import { replayKeys } from "../a11y/replay-keys.ts";
import { SCENES, toLobby } from "../scenes/flow.ts";
import { createTableView, TableBase } from "../scenes/table-base.ts";
import { loadReplay, type Checked, type ReplaySource } from "./replay-loader.ts";
import { failurePanel, ReplayPanel, SPEEDS } from "./replay-panel.ts";
import { replaySnap, viewSeat, type ReplayView } from "./replay-snap.ts";
import { replaySeatName } from "./step-words.ts";
import { replayExtra } from "./replay-extras.ts";

export interface ReplayData {
  readonly source: ReplaySource;
}

/** The longest pause between two steps at 1x (real gaps are kept up to this), and the shortest. */
const MAX_GAP_MS = 1500;
const MIN_GAP_MS = 220;

export class ReplayScene extends Phaser.Scene {
  private replay: Replay | null = null;
  private module: GameModule | null = null;
  private table: GameTableView | null = null;
  private base!: TableBase;
  private panel: ReplayPanel | null = null;
  private keysOff: (() => void) | null = null;
  private failure: HTMLElement | null = null;
  private cleanups: Array<() => void> = [];
  private frame = 0;
  private view: ReplayView = { kind: "spectator" };
  private snap: TableSnap | null = null;
  private playing = false;
  private speed = 1;
  /** performance.now() when the current frame came up (the clock runs on from its time while playing). */
  private shownAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private error: string | null = null;
  /** The players' names by seat, when known (a game just played here); else "Seat 2". */
  private names: readonly string[] | undefined;

  constructor() {
    super(SCENES.replay);
  }

  create(data: ReplayData): void {
    this.replay = null;
    this.table = null;
    this.error = null;
    this.playing = false;
    this.frame = 0;
    this.names = data.source.names;
    this.buildBase();
    const loading = centreLine(this, "Loading the replay…", 24);
    this.cleanups = [addTargets(() => this.targets()), () => setToastKeepClear(null)];
    // A game's toasts (Dark Hand's calls) keep off the seats, piles and hand, as at a table.
    setToastKeepClear(() => ({ boxes: [...(this.table?.targets() ?? []), ...(this.table?.readBoxes?.() ?? [])], top: this.base.barH() }));
    setStateProvider(() => this.testState());
    this.scale.on("resize", this.resize, this);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.teardown());
    void loadReplay(data.source).then(
      ({ replay, checked }) => {
        if (!this.scene.isActive()) return;
        loading.destroy();
        this.start(replay, checked, data.source.seat ?? 0);
      },
      (err: unknown) => {
        if (!this.scene.isActive()) return;
        loading.destroy();
        this.error = err instanceof Error ? err.message : String(err);
        this.failure = failurePanel(this.error, () => this.exit());
      },
    );
  }

  override update(): void {
    this.table?.tick(this.now());
  }

  private start(replay: Replay, checked: Checked, seat: number | null): void {
    this.replay = replay;
    this.module = gameModule(replay.log.game);
    this.view = seat === null || seat < 0 || seat >= replay.seats ? { kind: "spectator" } : { kind: "seat", seat };
    this.panel = new ReplayPanel(replay, checked, this.names, {
      seek: (frame) => this.seek(frame),
      step: (delta) => (delta > 0 ? this.forward() : this.seek(this.frame - 1)),
      play: (on) => this.setPlaying(on),
      speed: (x) => {
        this.speed = x;
        if (this.playing) this.schedule();
      },
      view: (v) => {
        this.view = v;
        this.rebuild();
      },
      exit: () => this.exit(),
    });
    this.keysOff = replayKeys({
      step: (d) => {
        if (d > 0 && this.frame < replay.last) this.forward();
        else if (d < 0 && this.frame > 0) this.seek(this.frame - 1);
      },
      seek: (to) => this.seek(to === "start" ? 0 : replay.last),
    });
    // The canvas now shares the window with the panel (read the parent's size first: refresh alone uses the old one).
    this.fitCanvas();
    this.rebuild();
  }

  /** The table for the current frame and view, from scratch (no animations). */
  private rebuild(): void {
    const replay = this.replay;
    if (!replay) return;
    this.table?.destroy?.();
    // Forgotten at once: building the base lays the scene out, which would resize (and render) the destroyed view.
    this.table = null;
    this.tweens.killAll();
    clearBanners();
    this.children.removeAll(true);
    this.buildBase();
    this.table = createTableView(this.module, this.host(), `This client cannot show ${replay.log.game}.`);
    this.snap = replaySnap(replay, this.frame, this.view, this.names);
    this.shownAt = performance.now();
    this.resize();
    this.table?.render(this.snap, viewSeat(this.view));
    placeToasts();
    this.refreshPanel();
  }

  private buildBase(): void {
    this.base = new TableBase(this, "Exit", () => this.exit());
    this.resize();
  }

  private host(): TableHost {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getters below have a `this` of their own
    const scene = this;
    const source: TableSource = {
      get snap() {
        return scene.snap ?? replaySnap(scene.replay!, scene.frame, scene.view, scene.names);
      },
      get mySeat() {
        return viewSeat(scene.view);
      },
      clock: { now: () => scene.now() },
    };
    return {
      scene: this,
      session: source,
      send: () => undefined,
      topBar: () => ({ h: this.base.barH(), rightInset: this.base.buttonW() + 12 }),
      ping: () => null,
    };
  }

  /** Server time on the replay's clock: the frame's time, running on while playing (up to the next step). */
  private now(): number {
    const replay = this.replay;
    if (!replay) return 0;
    const at = replay.at(this.frame).now;
    if (!this.playing || this.frame >= replay.last) return at;
    const next = replay.at(this.frame + 1).now;
    return Math.min(next, at + (performance.now() - this.shownAt) * this.speed);
  }

  /** One step on: the step's events as the watched seat got them, then its snapshot. */
  private forward(): void {
    const replay = this.replay;
    if (!replay || this.frame >= replay.last) return this.setPlaying(false);
    this.frame += 1;
    const seat = viewSeat(this.view);
    for (const e of replay.eventsFor(this.frame, seat)) this.table?.event?.(e as never);
    this.snap = replaySnap(replay, this.frame, this.view, this.names);
    this.shownAt = performance.now();
    this.table?.render(this.snap, seat);
    placeToasts();
    this.refreshPanel();
    if (this.frame >= replay.last) this.setPlaying(false);
  }

  private seek(frame: number): void {
    const replay = this.replay;
    if (!replay) return;
    const target = Math.max(0, Math.min(replay.last, Math.trunc(frame)));
    if (target === this.frame + 1) return this.forward();
    if (target === this.frame) return;
    this.frame = target;
    this.rebuild();
  }

  private setPlaying(on: boolean): void {
    const replay = this.replay;
    this.playing = on && replay !== null && this.frame < replay.last;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.shownAt = performance.now();
    if (this.playing) this.schedule();
    this.refreshPanel();
  }

  /** The next step after the real gap between the two steps (kept between MIN and MAX), sped up. */
  private schedule(): void {
    const replay = this.replay;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!replay || !this.playing) return;
    const gap = replay.at(this.frame + 1).now - replay.at(this.frame).now;
    const wait = Math.max(MIN_GAP_MS, Math.min(MAX_GAP_MS, gap)) / this.speed;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.playing || !this.scene.isActive()) return;
      this.forward();
      this.schedule();
    }, wait);
  }

  private refreshPanel(): void {
    const replay = this.replay;
    if (!replay || !this.panel || !this.snap) return;
    const extra = replayExtra(replay.log.game);
    const name = (seat: number): string => this.seatName(seat);
    this.panel.update({
      frame: this.frame,
      view: this.view,
      playing: this.playing,
      speed: this.speed,
      snap: this.snap,
      extra: extra?.panel(this.snap, name) ?? null,
      module: this.module,
    });
  }

  private seatName(seat: number): string {
    const name = replaySeatName(this.names, seat);
    return seat === viewSeat(this.view) ? `${name} (viewed)` : name;
  }

  private exit(): void {
    if (new URLSearchParams(location.search).has("replay")) {
      const url = new URL(location.href);
      url.searchParams.delete("replay");
      history.replaceState(null, "", url);
    }
    toLobby(this.scene);
  }

  private fitCanvas(): void {
    this.scale.getParentBounds();
    this.scale.refresh();
  }

  private resize(): void {
    this.base.layout();
    this.table?.resize(this.scale.width, this.scale.height);
    placeToasts();
  }

  private targets(): Target[] {
    const exit = this.base.target("button:exit-replay");
    return [...(this.table?.targets() ?? []), ...(this.panel?.targets() ?? []), ...(exit ? [exit] : [])];
  }

  private testState(): Record<string, unknown> {
    const replay = this.replay;
    if (!replay) return { scene: "replay", loading: this.error === null, error: this.error };
    const snap = this.snap;
    const extra = replayExtra(replay.log.game);
    const seat = viewSeat(this.view);
    return {
      scene: "replay",
      game: replay.log.game,
      matchId: replay.log.matchId,
      frame: this.frame,
      last: replay.last,
      steps: replay.log.steps.length,
      playing: this.playing,
      speed: this.speed,
      speeds: SPEEDS,
      view: this.view,
      mySeat: seat,
      round: snap?.round ?? 0,
      rounds: replay.rounds.map((r) => r.round),
      phase: snap?.phase ?? "",
      status: snap?.status ?? "",
      hand: seat === null ? [] : (snap?.seats[seat]?.mine?.hand ?? []),
      hands: replay.hands(this.frame),
      seats: snap?.seats.map((s) => ({ index: s.index, handCount: s.handCount, score: s.score })) ?? [],
      result: snap?.result ?? null,
      outcome: snap?.outcome ?? null,
      logOutcome: replay.log.outcome,
      step: this.panel?.stepText() ?? "",
      ...(snap ? (extra?.state(snap, (s) => this.seatName(s)) ?? {}) : {}),
      ...(snap ? (this.module?.testState?.(snap, seat) ?? {}) : {}),
    };
  }

  private teardown(): void {
    this.keysOff?.();
    this.keysOff = null;
    this.playing = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.scale.off("resize", this.resize, this);
    for (const fn of this.cleanups) fn();
    this.cleanups = [];
    this.table?.destroy?.();
    this.table = null;
    this.panel?.destroy();
    this.panel = null;
    this.fitCanvas();
    this.failure?.remove();
    this.failure = null;
    this.replay = null;
  }
}
