/**
 * What every table has around the game's own view: the toolbar (move log, how to play,
 * connection quality), the move log fed by the server's events, and the first-time hint.
 */
import { legalOf } from "../games/common.ts";
import type { TableSnap } from "../net/snapshot.ts";
import type { EventBatch, TableSession } from "../net/table-session.ts";
import type { Target } from "../test-hook.ts";
import { FirstHint } from "../ui/first-hint.ts";
import { MoveLog } from "../ui/move-log/panel.ts";
import { closeRules, openRules, rulesShown } from "../ui/rules-panel.ts";
import { TableToolbar } from "../ui/table-toolbar.ts";
import { openReportDialog } from "../social/report-dialog.ts";
import { copyTableLink, linkFor } from "../social/table-link.ts";
import { Attention } from "../social/attention.ts";
import { ChatPanel } from "../social/chat-panel.ts";
import { sounds } from "../social/sounds.ts";
import { closeInviteDialog, inviteButton } from "../social/friends-panel.ts";

export class TableChrome {
  private readonly toolbar: TableToolbar;
  private readonly log = new MoveLog();
  private readonly hint: FirstHint;
  /** Sounds, the hidden tab's "Your turn" and the sound controls (social/attention.ts). */
  private readonly attention: Attention;
  /** The table's chat, docked beside the table when open; its toggle is in the toolbar. */
  private readonly chat: ChatPanel;
  private barH = 48;
  private right = 0;

  constructor(private readonly session: TableSession) {
    this.attention = new Attention(session);
    this.chat = new ChatPanel(session.room as never);
    this.toolbar = new TableToolbar({
      toggleLog: () => this.toggleLog(),
      showRules: () => openRules(session.game),
      report: () => openReportDialog(session),
      copyLink: { link: linkFor(session.roomId, session.watching), copy: () => void copyTableLink(session.roomId, session.watching) },
      extra: [this.chat.button, ...inviteButton(session), this.attention.button],
    });
    this.log.onCount((n) => this.toolbar.setLogState(this.log.open, n));
    this.hint = new FirstHint(session.game);
  }

  onEvents(batch: EventBatch): void {
    this.log.add(batch.events, { game: this.session.game, snap: this.session.snap, mySeat: this.session.mySeat });
  }

  /** Returns true when the toolbar changed width (the "Ranked" badge came): the scene lays out again. */
  onSnap(snap: TableSnap): boolean {
    const resized = this.toolbar.setRanked(snap.ranked === true);
    const playing = snap.status === "playing";
    this.hint.update(playing ? legalOf(snap, this.session.mySeat).map((a) => a.type) : [], snap.phase, this.barH + 6, this.right);
    return resized;
  }

  /** An action we sent: the hint fades after a few. */
  moved(): void {
    this.hint.moved();
  }

  tick(): void {
    this.toolbar.setSignal(this.session.clock.ping);
    this.attention.tick(this.session.clock.now());
  }

  /** Places the toolbar left of Leave. */
  place(rightOfLeave: number, barH: number, narrow: boolean): void {
    this.barH = barH;
    this.right = Math.max(8, rightOfLeave - 4);
    this.toolbar.place(rightOfLeave, barH, narrow);
  }

  /** The toolbar's width now (it changes after `place`: the log's count, the Ranked badge). */
  toolbarWidth(): number {
    return this.toolbar.width();
  }

  targets(): Target[] {
    return this.toolbar.targets();
  }

  state(): Record<string, unknown> {
    return {
      moveLog: this.log.recent(),
      logOpen: this.log.open,
      hint: this.hint.text(),
      rules: rulesShown(),
      signal: this.toolbar.signal(),
      sounds: sounds().played.slice(-10),
      chat: this.chat.state(),
    };
  }

  destroy(): void {
    closeRules();
    closeInviteDialog();
    this.toolbar.destroy();
    this.log.destroy();
    this.hint.destroy();
    this.attention.destroy();
    this.chat.destroy();
  }

  private toggleLog(): void {
    this.log.toggle();
    this.toolbar.setLogState(this.log.open, this.log.count);
  }
}
