/**
 * The operator page's players' reports: the open reports in the server's order (ranked
 * by signal: how many distinct reporters, and how their earlier reports were answered), each with
 * who reported whom, the reason, the reporter's own words (labelled as such), the chat lines the
 * table recorded (drawn as text only), a link to the finished game's log (open it in the replay
 * viewer) or to the stored match's replay, and the answer: warn, mute (chat) or ban for a time, or
 * dismiss. Every answer is recorded by the server (operator actions). Each report is read field by
 * field first (read.ts): one that does not read is drawn as unreadable, the others as usual.
 */
import { h } from "../ui/dom.ts";
import { idOf, readReport, when, type Report } from "./read.ts";

/** An operator API body: read untyped until the client has one typed API client. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one place the operator pages say so
export type ApiBody = any;

export interface Answer {
  status: number;
  body: ApiBody;
}
type Call = (path: string, body?: unknown) => Promise<Answer>;

const message = (a: Answer): string => (a.body && typeof a.body.message === "string" ? a.body.message : `HTTP ${a.status}`);

/** Match ids of stored (ranked) matches are UUIDs: those have a replay on this server. */
const STORED_MATCH = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function answerForm(call: Call, report: Report, onDone: (note: string) => void): HTMLElement {
  const sanction = h(
    "select",
    { testid: `sanction-${report.id}` },
    ...[
      ["warn", "Warn"],
      ["mute", "Mute chat"],
      ["ban", "Ban"],
      ["dismiss", "Dismiss"],
    ].map(([v, t]) => h("option", { value: v! }, t!)),
  );
  const minutes = h("input", {
    type: "number",
    min: 1,
    max: 525600,
    value: 1440,
    size: 7,
    testid: `minutes-${report.id}`,
    "aria-label": "minutes",
  });
  const reason = h("input", {
    size: 28,
    required: true,
    minlength: 3,
    maxlength: 500,
    placeholder: "why (recorded)",
    testid: `reason-${report.id}`,
  });
  const out = h("span", { class: "notice" });
  const form = h("form", {}, sanction, " for ", minutes, " min ", reason, h("button", { type: "submit" }, "Apply"), out);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const timed = sanction.value === "mute" || sanction.value === "ban";
    void call(`/operator/accounts/${encodeURIComponent(report.reported.id)}/sanction`, {
      sanction: sanction.value,
      reason: reason.value,
      reportId: report.id,
      ...(timed ? { minutes: Number(minutes.value) } : {}),
    }).then((a) => {
      if (a.status !== 200) {
        out.textContent = ` Not applied: ${message(a)}`;
        return;
      }
      onDone(`${sanction.value} for ${report.reported.name}${a.body.until ? ` until ${when(a.body.until)}` : ""}: recorded.`);
    });
  });
  return form;
}

/** Where the server saw the two accounts, in an operator's words. */
const SOURCES: Record<string, string> = {
  table: "filed at the table by seat",
  match: "about a stored match both played",
  account: "named by account only (the server never saw them play together)",
};

function reportItem(call: Call, r: Report, onDone: (note: string) => void): HTMLElement {
  const log = r.hasGameLog
    ? h(
        "a",
        { href: `/api/operator/reports/${encodeURIComponent(r.id)}/log`, download: `report-${r.id}.json` },
        "Game log (open it in the replay viewer)",
      )
    : h("span", {}, r.gameLogPending ? "Game log: filed when the game ends" : "No game log");
  const replay = STORED_MATCH.test(r.tableId)
    ? h("a", { href: `./?replay=${encodeURIComponent(r.tableId)}` }, "Replay")
    : h("span", {}, r.tableId ? `Table ${r.tableId}` : "No table named");
  const chat = r.chatUnreadable
    ? h("p", { class: "notice" }, "The chat filed with this report did not read as chat lines: not shown.")
    : r.chat.length === 0
      ? h("p", {}, "No chat recorded.")
      : h(
          "div",
          {},
          h("p", {}, "Chat as the table recorded it:"),
          h(
            "ol",
            { class: "report-chat" },
            ...r.chat.map((l) => h("li", {}, `${when(l.at)} ${l.name}${l.seat === null ? " (watching)" : ""}: ${l.text}`)),
          ),
        );
  const signal = r.signal ? ` · ${r.signal.reporters} reporter${r.signal.reporters === 1 ? "" : "s"}, signal ${r.signal.score}` : "";
  return h(
    "li",
    { "data-report": r.id },
    h(
      "p",
      {},
      `${when(r.at)} ${r.reporter.name} reported ${r.reported.name} (${r.reported.id}) in ${r.game || "no game named"}: ${r.reason}${signal}`,
    ),
    h("p", { class: "sub" }, r.source ? (SOURCES[r.source] ?? r.source) : ""),
    r.note
      ? h(
          "blockquote",
          { class: "reporter-words", testid: `note-${r.id}` },
          h("strong", {}, "The reporter's words (not checked): "),
          r.note,
        )
      : null,
    h("p", {}, replay, " · ", log),
    chat,
    answerForm(call, r, onDone),
  );
}

/** A record that did not read: named by its id when it has a plain one, never drawn. */
function unreadable(raw: unknown): HTMLElement {
  const id = idOf(raw);
  return h(
    "li",
    { class: "unreadable", testid: "report-unreadable", ...(id ? { "data-report": id } : {}) },
    `Unreadable report${id ? ` ${id}` : ""}: its record is not in the expected form, so it is not shown.`,
  );
}

export async function reportsSection(call: Call, onDone: (note: string) => void): Promise<HTMLElement> {
  const answer = await call("/operator/reports?limit=100");
  if (answer.status !== 200) return h("section", {}, h("h2", {}, "Reports"), h("p", { class: "notice" }, message(answer)));
  const raw: unknown[] = Array.isArray(answer.body?.reports) ? answer.body.reports : [];
  if (raw.length === 0) return h("section", {}, h("h2", {}, "Reports"), h("p", { testid: "no-reports" }, "No open reports."));
  return h(
    "section",
    {},
    h("h2", {}, `Reports (${raw.length} open, strongest signal first)`),
    h(
      "ul",
      { testid: "reports", class: "reports" },
      ...raw.map((v) => {
        const r = readReport(v);
        if (r === null) return unreadable(v);
        try {
          return reportItem(call, r, onDone);
        } catch {
          return unreadable(v);
        }
      }),
    ),
  );
}
