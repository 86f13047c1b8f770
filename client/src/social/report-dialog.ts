/**
 * Report or block a player at this table: a dialog listing the other seats held by
 * people (not bots) with a reason, a note, and Report / Block buttons. It names a seat, never an
 * account: the server files the account at that seat, the game log and the chat (docs/PROTOCOL.md,
 * `report` and `block`). Names are drawn as text only. Block first asks, saying what a block does;
 * the server's answer (received, blocked) is said in the dialog and as a toast; refusals
 * (`register-first` for guests) come through the table's usual `rejected` toast. The game does not
 * pause for the dialog, so while it is open it shows the turn timer running (turn-note.ts).
 */
import { REPORT_NOTE_MAX } from "@scat/shared/text-limits.ts";
import type { TableSession } from "../net/table-session.ts";
import { Dialog } from "../ui/dialog.ts";
import { h } from "../ui/dom.ts";
import { toast } from "../ui/toast.ts";
import { turnNote } from "./turn-note.ts";

const REASONS = [
  ["abusive-chat", "Abusive chat"],
  ["cheating", "Cheating"],
  ["stalling", "Stalling"],
  ["offensive-name", "Offensive name"],
  ["other", "Something else"],
] as const;

const dialog = new Dialog();
const listening = new WeakSet<object>();

function listen(session: TableSession): void {
  if (listening.has(session.room)) return;
  listening.add(session.room);
  const nameAt = (seat: unknown) => (typeof seat === "number" ? (session.snap.seats[seat]?.name ?? `seat ${seat + 1}`) : "that player");
  session.room.onMessage("reported", (m: { seat?: unknown }) => {
    toast(`Report on ${nameAt(m?.seat)} sent to the operators. Thank you.`);
    answered("report", `Received: your report on ${nameAt(m?.seat)} went to the operators, with this game's log and chat. Thank you.`);
  });
  session.room.onMessage("blocked", (m: { seat?: unknown }) => {
    toast(`${nameAt(m?.seat)} is blocked: you will not be seated together again or see their chat.`);
    answered("block", `${nameAt(m?.seat)} is blocked. You can unblock them in Settings.`);
  });
}

/** The open dialog's line waiting for the server's answer to a report or a block. */
let waiting: { kind: "report" | "block"; line: HTMLElement } | null = null;

function answered(kind: "report" | "block", text: string): void {
  if (!waiting || waiting.kind !== kind || !dialog.shown()?.contains(waiting.line)) return;
  waiting.line.textContent = text;
  waiting = null;
}

/** What a block does, said before it is made. */
export function blockConsequences(name: string): string {
  return `${name}'s chat is hidden from you, you are never seated together again, a friendship between you is hidden and they cannot invite you. You can unblock them in Settings.`;
}

export function openReportDialog(session: TableSession): void {
  listen(session);
  const others = session.snap.seats.filter((s) => s.occupied && !s.isBot && s.index !== session.mySeat);
  if (session.mySeat === null || others.length === 0) {
    dialog.show(
      { testid: "report", title: "Report or block", focusClose: true },
      h("p", {}, session.mySeat === null ? "Take a seat to report or block a player." : "No other player is seated here."),
    );
    return;
  }
  const seat = h(
    "select",
    { testid: "report-seat", "aria-label": "Player" },
    ...others.map((s) => h("option", { value: String(s.index) }, s.name)),
  );
  const reason = h("select", { testid: "report-reason", "aria-label": "Reason" }, ...REASONS.map(([v, t]) => h("option", { value: v }, t)));
  const note = h("textarea", {
    testid: "report-note",
    maxlength: REPORT_NOTE_MAX,
    rows: 3,
    placeholder: "What happened (optional)",
    "aria-label": "Note",
  });
  const report = h("button", { type: "button", testid: "report-send" }, "Report");
  const block = h("button", { type: "button", testid: "block-send" }, "Block");
  const status = h("p", { class: "report-status", testid: "report-status", role: "status" });
  const buttons = h("p", {}, report, " ", block);
  const timer = turnNote(session);
  const nameOf = (): string => others.find((s) => String(s.index) === seat.value)?.name ?? "this player";
  report.addEventListener("click", () => {
    session.room.send("report", { seat: Number(seat.value), reason: reason.value, note: note.value.slice(0, 500) });
    status.textContent = `Sending your report on ${nameOf()}…`;
    waiting = { kind: "report", line: status };
  });
  // Block asks first and says what it does; Cancel leaves everything as it was.
  block.addEventListener("click", () => {
    const name = nameOf();
    const yes = h("button", { type: "button", class: "primary", testid: "block-confirm" }, `Block ${name}`);
    const no = h("button", { type: "button", testid: "block-cancel" }, "Cancel");
    const ask = h(
      "div",
      { class: "block-ask", testid: "block-ask", role: "group", "aria-label": `Block ${name}?` },
      h("p", { testid: "block-explain" }, `Block ${name}? ${blockConsequences(name)}`),
      h("p", {}, yes, " ", no),
    );
    buttons.replaceWith(ask);
    yes.addEventListener("click", () => {
      session.room.send("block", { seat: Number(seat.value) });
      ask.replaceWith(buttons);
      status.textContent = `Blocking ${name}…`;
      waiting = { kind: "block", line: status };
    });
    no.addEventListener("click", () => {
      ask.replaceWith(buttons);
      block.focus();
    });
    yes.focus();
  });
  const overlay = dialog.show(
    { testid: "report", title: "Report or block" },
    timer.el,
    h(
      "p",
      {},
      "Reports go to the operators with this game's log and chat. Blocking keeps you apart and hides their chat. Saved accounts only.",
    ),
    h("label", {}, "Player ", seat),
    h("label", {}, " Reason ", reason),
    note,
    buttons,
    status,
  );
  timer.until(overlay);
  // Opened from the keyboard (the phone's ⋯ menu or ⚑): focus goes into the dialog.
  seat.focus();
}
