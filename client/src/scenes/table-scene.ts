/**
 * A table in play: renders the session's snapshots through the game's table view (from the
 * registry), forwards event animations, shows rejections and the connection state, and
 * launches the results overlay.
 */
import Phaser from "phaser";
import { setInviteFollower } from "../social/friends-panel.ts";
import { gameModule } from "../games/registry.ts";
import type { GameModule, GameTableView, TableHost } from "../games/types.ts";
import { resume, resumeFailure } from "../net/connection.ts";
import { watchFairDeal } from "../ui/fair-deal.ts";
import type { LinkStatus, TableSession } from "../net/table-session.ts";
import type { TableSnap } from "../net/snapshot.ts";
import { addTargets, setStateProvider, type Target } from "../test-hook.ts";
import { explainRejection } from "../net/errors.ts";
import { confirmDialog, dismissConfirm } from "../ui/confirm.ts";
import { placeToasts, recentToasts, setBanner, setToastKeepClear, toast } from "../ui/toast.ts";
import { WaitingPanel } from "../ui/waiting-panel.ts";
import { SCENES, toLesson, toLobby, toReplay, toTable, type TableData } from "./flow.ts";
import { createTableView, TableBase } from "./table-base.ts";
import { TableChrome } from "./table-chrome.ts";
import { tableState } from "./table-state.ts";
import { resultHold, shownResult } from "./results-scene.ts";
import { rematchOffer } from "../social/rematch-offer.ts";
import { TableA11y } from "../a11y/table-a11y.ts";
import { TableLessonOffer } from "../tutorial/table-offer.ts";
import "../tutorial/lesson.css";

/** This tab's seat went to a newer session of the same player (`OPENED_ELSEWHERE_CLOSE`). */
export const OPENED_ELSEWHERE_MESSAGE =
  "This table is now open in another tab or window, so this one left it. Play on there, or use Return here to play from this tab instead.";

export class TableScene extends Phaser.Scene {
  private session!: TableSession;
  private module: GameModule | null = null;
  private base!: TableBase;
  private table: GameTableView | null = null;
  private waiting: WaitingPanel | null = null;
  private cleanups: Array<() => void> = [];
  private chrome: TableChrome | null = null;
  private a11y: TableA11y | null = null;
  /** The guided first game, offered at a quiet moment to a newcomer to this game (tutorial/table-offer.ts). */
  private lessonOffer: TableLessonOffer | null = null;

  constructor() {
    super(SCENES.table);
  }

  create(data: TableData): void {
    this.session = data.session;
    this.waiting = null;
    this.base = new TableBase(this, "Leave", () => void this.leave());
    this.module = gameModule(this.session.game);
    this.table = createTableView(this.module, this.host(), `This client cannot show ${this.session.game} yet.`);
    this.chrome = new TableChrome(this.session);
    this.a11y = new TableA11y(this.session, () => void this.leave());
    this.lessonOffer = new TableLessonOffer(this.session, (game) => this.learn(game));
    this.resize();
    const s = this.session;
    this.cleanups = [
      s.feed.subscribe((snap) => this.onSnap(snap)),
      s.events.on((batch) => {
        batch.events.forEach((e) => this.table?.event?.(e));
        this.chrome?.onEvents(batch);
      }),
      // A refused card click is answered in a bubble beside the card (a11y/table-a11y.ts): not twice.
      s.rejections.on((r) => {
        if (!this.a11y?.answeredBeside(r)) toast(explainRejection(r), "error");
      }),
      // The connection banner wins: a table that is saving is still connected.
      s.saving.on((on) => {
        if (s.status === "connected") setBanner(on ? "The table is saving, one moment…" : null);
      }),
      s.sent.on(() => this.chrome?.moved()),
      s.link.on((status) => void this.onLink(status)),
      addTargets(() => this.targets()),
      watchFairDeal(s, (log, publishedCommitment) => void this.replay(log, publishedCommitment)),
      rematchOffer(s, (next) => {
        if (this.scene.isActive()) toTable(this.scene, next);
      }),
      setInviteFollower((code, watch) => void this.follow(code, watch)),
    ];
    setStateProvider(() => ({
      ...tableState(this.session, this.module),
      ...this.chrome?.state(),
      watching: this.session.watching,
      autoFillIn: this.waiting?.countdown() ?? null,
      toasts: recentToasts(),
      resultPanel: shownResult(),
      resultHold: resultHold(),
      a11y: this.a11y?.state() ?? null,
      lessonOffer: this.lessonOffer?.shown() ?? null,
    }));
    // Toasts keep off the seats, the hand, the piles, the buttons and the prompt (ui/toast-place/).
    setToastKeepClear(() => ({ boxes: [...this.targets(), ...(this.table?.readBoxes?.() ?? [])], top: this.base.barH() }));
    this.scale.on("resize", this.resize, this);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.teardown());
    this.scene.launch(SCENES.results, { session: s } satisfies TableData);
  }

  override update(): void {
    this.table?.tick(this.session.clock.now());
    this.chrome?.tick();
    this.a11y?.tick();
    this.waiting?.tick(this.session.clock.now());
    this.lessonOffer?.update(this.session.snap);
  }

  private host(): TableHost {
    return {
      scene: this,
      session: this.session,
      send: (action) => this.session.sendAction(action),
      // The toolbar's width as it is now: "Log" grows to "Log 12" after the last resize measured it.
      topBar: () => ({ h: this.base.barH(), rightInset: this.base.buttonW() + 12 + (this.chrome?.toolbarWidth() ?? 0) + 8 }),
      ping: () => this.session.clock.ping,
    };
  }

  private onSnap(snap: TableSnap): void {
    const mySeat = this.session.mySeat;
    this.table?.render(snap, mySeat);
    if (this.chrome?.onSnap(snap)) this.resize();
    placeToasts();
    this.lessonOffer?.update(snap);
    if (snap.status === "waiting") {
      this.waiting ??= new WaitingPanel(this.session.roomId, {
        fillBots: () => this.session.fillBots(),
        autoFill: (on) => this.session.autoFill(on),
        leave: () => void this.leave(),
      });
      this.waiting.update(snap, mySeat);
    } else if (this.waiting) {
      this.waiting.destroy();
      this.waiting = null;
    }
  }

  private async onLink(status: LinkStatus): Promise<void> {
    if (status === "reconnecting") return setBanner("Connection lost: reconnecting…");
    setBanner(null);
    if (status === "connected") return toast("Reconnected");
    if (this.session.openedElsewhere) return toLobby(this.scene, { message: OPENED_ELSEWHERE_MESSAGE });
    const snap = this.session.snap;
    if (snap.status === "ended") return;
    const silent = this.session.silent;
    setBanner(silent ? "The table's server is not answering. Reconnecting…" : "Reconnecting…");
    // Tables are journalled from their first seated player: one whose process died is resumed elsewhere.
    const waiting = snap.status === "waiting";
    const progress = (note: string) => {
      if (this.scene.isActive()) setBanner(note);
    };
    let again = await resume({ afterSilence: silent, keepSeat: silent, progress });
    // A silent server that still holds the table (frozen, not yet replaced): keep waiting for it, and say so.
    for (
      let i = 0;
      silent && !again && resumeFailure && !resumeFailure.gone && !resumeFailure.ended && i < 2 && this.scene.isActive();
      i++
    ) {
      setBanner("The table's server is still not answering. Waiting for it…");
      again = await resume({ afterSilence: true, keepSeat: i < 1, progress });
    }
    setBanner(null);
    if (!this.scene.isActive()) return;
    if (again) return toTable(this.scene, again);
    if (resumeFailure?.ended)
      return toLobby(this.scene, { message: "That game was over when its server stopped. Start or join another table." });
    if (!waiting || !resumeFailure?.gone) return toLobby(this.scene, { message: "Lost the connection to the table." });
    const closed = "The table closed when its server stopped.";
    if (this.session.watching) return toLobby(this.scene, { message: closed });
    if (snap.isPrivate)
      return toLobby(this.scene, { message: `${closed} Its code no longer works: create a new table and share the new code.` });
    // A quick-play table: straight to another one like it.
    toLobby(this.scene, { message: `${closed} Finding you another table…`, autoPlay: this.session.options });
  }

  private async leave(): Promise<void> {
    if (this.running() && !(await this.confirmLeave())) return;
    if (!this.scene.isActive()) return;
    await this.session.leave();
    toLobby(this.scene);
  }

  /** An invitation or a friend's table (social/friends-panel.ts): leave this one (asking first mid-game), then join or watch there. */
  private async follow(code: string, watch: boolean): Promise<void> {
    if (this.running() && !(await this.confirmLeave())) return;
    if (!this.scene.isActive()) return;
    await this.session.leave();
    toLobby(this.scene, { invite: { code, watch } });
  }

  /** Start on the guided-game offer: leave this table (asking first mid-game) for the lesson; false if the player stays. */
  private async learn(game: string): Promise<boolean> {
    if (this.running() && !(await this.confirmLeave())) return false;
    if (!this.scene.isActive()) return false;
    await this.session.leave();
    toLesson(this.scene, game);
    return true;
  }

  /** "Replay this game" once it is over: leave the finished table for the replay viewer. */
  private async replay(log: unknown, publishedCommitment: string | undefined): Promise<void> {
    const seat = this.session.mySeat;
    const names = this.session.snap.seats.map((s) => s.name);
    await this.session.leave();
    if (this.scene.isActive()) toReplay(this.scene, publishedCommitment ? { log, publishedCommitment, seat, names } : { log, seat, names });
  }

  /** Seated in a game that is still being played: leaving hands the seat to a bot. */
  private running(): boolean {
    return this.session.mySeat !== null && this.session.snap.status === "playing" && this.session.snap.outcome === null;
  }

  private confirmLeave(): Promise<boolean> {
    return confirmDialog({
      title: "Leave this game?",
      body: "The game goes on without you: a bot takes your seat and plays your cards.",
      yes: "Leave",
      no: "Stay",
    });
  }

  private resize(): void {
    const { width, height } = this.scale;
    this.base.layout();
    this.chrome?.place(this.base.buttonW() + 14 + 6, this.base.barH(), width < 600);
    this.table?.resize(width, height);
  }

  private targets(): Target[] {
    const leave = this.base.target("button:leave");
    return [
      ...(this.table?.targets() ?? []),
      ...(this.waiting?.targets() ?? []),
      ...(this.chrome?.targets() ?? []),
      ...(leave ? [leave] : []),
    ];
  }

  private teardown(): void {
    setToastKeepClear(null);
    this.scale.off("resize", this.resize, this);
    for (const fn of this.cleanups) fn();
    this.cleanups = [];
    this.table?.destroy?.();
    this.table = null;
    this.waiting?.destroy();
    this.waiting = null;
    this.chrome?.destroy();
    this.chrome = null;
    this.a11y?.destroy();
    this.a11y = null;
    this.lessonOffer?.destroy();
    this.lessonOffer = null;
    dismissConfirm();
    setBanner(null);
    this.scene.stop(SCENES.results);
  }
}
