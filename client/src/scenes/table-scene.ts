/**
 * A table in play: renders the session's snapshots through the game's table view, plays event
 * animations, shows rejections and the connection state, and launches the results overlay.
 */
import Phaser from "phaser";
import { DevilsScatTable } from "../games/devils-scat/table-view.ts";
import { HeaderView } from "../games/devils-scat/header-view.ts";
import { playEvent, type FxStage } from "../games/devils-scat/event-fx.ts";
import { headerOf, seatName } from "../games/devils-scat/view-model.ts";
import { resume } from "../net/connection.ts";
import type { LinkStatus, TableSession } from "../net/table-session.ts";
import type { TableSnap } from "../net/snapshot.ts";
import { CanvasButton } from "../objects/button.ts";
import { addFelt, drawFelt } from "../objects/felt.ts";
import { canvasTarget } from "../objects/style.ts";
import { addTargets, setStateProvider } from "../test-hook.ts";
import { recentToasts, setBanner, toast } from "../ui/toast.ts";
import { WaitingPanel } from "../ui/waiting-panel.ts";
import { SCENES, toLobby, toTable, type TableData } from "./flow.ts";
import { tableState } from "./table-state.ts";
import { shownResult } from "./results-scene.ts";

export class TableScene extends Phaser.Scene {
  private session!: TableSession;
  private felt!: Phaser.GameObjects.Image;
  private table!: DevilsScatTable;
  private header!: HeaderView;
  private leaveButton!: CanvasButton;
  private waiting: WaitingPanel | null = null;
  private cleanups: Array<() => void> = [];
  private shownPing: number | null = null;

  constructor() {
    super(SCENES.table);
  }

  create(data: TableData): void {
    this.session = data.session;
    this.waiting = null;
    this.felt = addFelt(this);
    this.header = new HeaderView(this);
    this.table = new DevilsScatTable(this, (a) => this.session.sendAction(a));
    this.leaveButton = new CanvasButton(this, "Leave", 0xd9d2bf, () => void this.leave()).setDepth(65);
    this.resize();
    const s = this.session;
    this.cleanups = [
      s.feed.subscribe((snap) => this.onSnap(snap)),
      s.events.on((batch) => batch.events.forEach((e) => playEvent(this.fxStage(), e))),
      s.rejections.on((r) => toast(r.message || r.code, "error")),
      s.link.on((status) => void this.onLink(status)),
      addTargets(() => this.targets()),
    ];
    setStateProvider(() => ({ ...tableState(this.session), toasts: recentToasts(), resultPanel: shownResult() }));
    this.scale.on("resize", this.resize, this);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.teardown());
    this.scene.launch(SCENES.results, { session: s } satisfies TableData);
  }

  override update(): void {
    this.table.tick(this.session.clock.now());
    if (this.session.clock.ping !== this.shownPing) this.resize();
  }

  private onSnap(snap: TableSnap): void {
    const mySeat = this.session.mySeat;
    this.table.render(snap, mySeat);
    this.header.update(headerOf(snap), this.session.clock.ping, this.scale.width, this.layoutTopBar(), this.scale.width < 600 ? 82 : 96);
    if (snap.status === "waiting") {
      this.waiting ??= new WaitingPanel(this.session.roomId, { fillBots: () => this.session.fillBots(), leave: () => void this.leave() });
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
    if (this.session.snap.status === "ended") return;
    setBanner("Reconnecting…");
    const again = await resume();
    setBanner(null);
    if (!this.scene.isActive()) return;
    if (again) toTable(this.scene, again);
    else toLobby(this.scene, { message: "Lost the connection to the table." });
  }

  private async leave(): Promise<void> {
    await this.session.leave();
    toLobby(this.scene);
  }

  private fxStage(): FxStage {
    const table = this.table;
    const session = this.session;
    return {
      scene: this,
      seatPoint: (seat) => table.seatPoint(seat),
      pilePoint: (pile) => table.pilePoint(pile),
      pileWidth: table.pileWidth,
      name: (seat) => seatName(session.snap, seat, session.mySeat),
      mySeat: session.mySeat,
    };
  }

  private layoutTopBar(): number {
    return this.scale.height > this.scale.width * 1.1 ? 44 : 48;
  }

  private resize(): void {
    const { width, height } = this.scale;
    drawFelt(this.felt, width, height);
    this.table.ping = this.session.clock.ping;
    this.table.resize(width, height);
    const bar = this.layoutTopBar();
    const leaveW = width < 600 ? 70 : 84;
    this.leaveButton.place(width - leaveW / 2 - 14, bar / 2 + 4, leaveW, bar - 12);
    this.shownPing = this.session.clock.ping;
    this.header.update(headerOf(this.session.snap), this.shownPing, width, bar, leaveW + 12);
  }

  private targets(): ReturnType<DevilsScatTable["targets"]> {
    const leave = canvasTarget("button:leave", this.leaveButton, true);
    return [...this.table.targets(), ...(this.waiting?.targets() ?? []), ...(leave ? [leave] : [])];
  }

  private teardown(): void {
    this.scale.off("resize", this.resize, this);
    for (const fn of this.cleanups) fn();
    this.cleanups = [];
    this.waiting?.destroy();
    this.waiting = null;
    setBanner(null);
    this.scene.stop(SCENES.results);
  }
}
