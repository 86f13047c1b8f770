/**
 * The operator page's players' reports (issue #27): each open report with who reported whom, the
 * reason and note, the chat lines filed with it (drawn as text only), a link to its game log (open
 * it in the replay viewer) or to the stored match's replay, and the answer: warn, mute (chat) or
 * ban for a time, or dismiss. Every answer is recorded by the server (operator actions).
 */
import { h } from "../ui/dom.ts";

export interface Answer { status: number; body: any }
type Call = (path: string, body?: unknown) => Promise<Answer>;

const when = (ms: number): string => new Date(ms).toISOString().replace("T", " ").slice(0, 16);
const message = (a: Answer): string => (a.body && typeof a.body.message === "string" ? a.body.message : `HTTP ${a.status}`);

/** Match ids of stored (ranked) matches are UUIDs: those have a replay on this server. */
const STORED_MATCH = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function answerForm(call: Call, report: any, onDone: (note: string) => void): HTMLElement {
  const sanction = h("select", { testid: `sanction-${report.id}` },
    ...[["warn", "Warn"], ["mute", "Mute chat"], ["ban", "Ban"], ["dismiss", "Dismiss"]].map(([v, t]) => h("option", { value: v! }, t!)));
  const minutes = h("input", { type: "number", min: 1, max: 525600, value: 1440, size: 7, testid: `minutes-${report.id}`, "aria-label": "minutes" });
  const reason = h("input", { size: 28, required: true, minlength: 3, maxlength: 500, placeholder: "why (recorded)", testid: `reason-${report.id}` });
  const out = h("span", { class: "notice" });
  const form = h("form", {}, sanction, " for ", minutes, " min ", reason, h("button", { type: "submit" }, "Apply"), out);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const timed = sanction.value === "mute" || sanction.value === "ban";
    void call(`/operator/accounts/${encodeURIComponent(report.reported.id)}/sanction`, { sanction: sanction.value, reason: reason.value, reportId: report.id, ...(timed ? { minutes: Number(minutes.value) } : {}) }).then((a) => {
      if (a.status !== 200) { out.textContent = ` Not applied: ${message(a)}`; return; }
      onDone(`${sanction.value} for ${report.reported.name}${a.body.until ? ` until ${when(a.body.until)}` : ""}: recorded.`);
    });
  });
  return form;
}

export async function reportsSection(call: Call, onDone: (note: string) => void): Promise<HTMLElement> {
  const answer = await call("/operator/reports?limit=100");
  if (answer.status !== 200) return h("section", {}, h("h2", {}, "Reports"), h("p", { class: "notice" }, message(answer)));
  const reports: any[] = answer.body.reports;
  if (reports.length === 0) return h("section", {}, h("h2", {}, "Reports"), h("p", { testid: "no-reports" }, "No open reports."));
  return h("section", {}, h("h2", {}, `Reports (${reports.length} open)`), h("ul", { testid: "reports", class: "reports" }, ...reports.map((r) => {
    const log = r.hasGameLog ? h("a", { href: `/api/operator/reports/${encodeURIComponent(r.id)}/log`, download: `report-${r.id}.json` }, "Game log (open it in the replay viewer)") : h("span", {}, "No game log");
    const replay = STORED_MATCH.test(r.tableId) ? h("a", { href: `./?replay=${encodeURIComponent(r.tableId)}` }, "Replay") : h("span", {}, `Table ${r.tableId}`);
    const chat = r.chat.length === 0 ? h("p", {}, "No chat filed.") : h("ol", { class: "report-chat" }, ...r.chat.map((l: any) => h("li", {}, `${when(l.at)} ${l.name}${l.seat === null ? " (watching)" : ""}: ${l.text}`)));
    return h("li", { "data-report": r.id },
      h("p", {}, `${when(r.at)} ${r.reporter.name} reported ${r.reported.name} (${r.reported.id}) in ${r.game}: ${r.reason}${r.note ? ` — ${r.note}` : ""}`),
      h("p", {}, replay, " · ", log), chat, answerForm(call, r, onDone));
  })));
}
