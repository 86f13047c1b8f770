/**
 * The operator page's fair-play flags: what the tables' reaction profiles raised
 * (reactions under the human floor, reactions too regular, claims the claim quota kept cutting),
 * newest first, each with the account at the seat, the table and game, and the evidence that
 * raised it. A flag is a signal to look at beside the players' reports, never a sanction: the
 * operator answers with the same tools (the mark form, or a report's answer).
 */
import { h } from "../ui/dom.ts";
import { when } from "./read.ts";
import type { Answer, ApiBody } from "./reports-section.ts";

type Call = (path: string, body?: unknown) => Promise<Answer>;

const message = (a: Answer): string => (a.body && typeof a.body.message === "string" ? a.body.message : `HTTP ${a.status}`);

/** What each kind means, in an operator's words. */
const KINDS: Record<string, string> = {
  "under-floor": "reactions under the human floor (100 ms)",
  "too-regular": "reaction times too regular",
  "claim-quota": "claims kept beating the server's estimate past the quota",
};

/** The evidence as one readable line: the figures first, then the reaction times. */
export function evidenceText(kind: string, e: Record<string, unknown>): string {
  const parts: string[] = [];
  if (kind === "under-floor") parts.push(`${String(e.underFloor)} under ${String(e.floorMs)} ms`);
  if (kind === "too-regular") parts.push(`spread ${String(e.sdMs)} ms (limit ${String(e.limitMs)} ms)`);
  if (kind === "claim-quota") parts.push(`${String(e.withheldMs)} ms of claims withheld (flag at ${String(e.limitMs)} ms)`);
  if (typeof e.race === "string") parts.push(e.race === "call" ? "call races" : "slap races");
  if (Array.isArray(e.reactionsMs)) parts.push(`reactions: ${e.reactionsMs.map((r) => `${String(r)}`).join(", ")} ms`);
  return parts.join("; ");
}

/** `pick`: puts the account in the mark form. */
export async function fairPlaySection(call: Call, pick: (id: string, name: string) => void): Promise<HTMLElement> {
  const answer = await call("/operator/fair-play-flags?limit=100");
  const title = h("h2", {}, "Fair-play flags");
  if (answer.status !== 200) return h("section", {}, title, h("p", { class: "notice" }, message(answer)));
  const flags: ApiBody[] = answer.body.flags;
  const note = h("p", {}, "Signals from reaction times at tables, never sanctions: look at the account's games and reports before acting.");
  if (flags.length === 0) return h("section", {}, title, note, h("p", { testid: "no-fair-play-flags" }, "No fair-play flags."));
  return h(
    "section",
    {},
    h("h2", {}, `Fair-play flags (${flags.length})`),
    note,
    h(
      "ul",
      { testid: "fair-play-flags", class: "reports" },
      ...flags.map((f) => {
        const who =
          f.account === null
            ? `a player without an account (seat ${f.seat + 1})`
            : `${f.account.name} (${f.account.id}, seat ${f.seat + 1}${f.accountFlags > 1 ? `, ${f.accountFlags} flags in all` : ""})`;
        const item = h(
          "li",
          { "data-flag": `${f.tableId}:${f.seat}:${f.kind}` },
          h("p", {}, `${when(f.at)} ${who} in ${f.game} at table ${f.tableId}: ${KINDS[f.kind] ?? f.kind}`),
          h("p", { class: "evidence" }, evidenceText(f.kind, f.evidence ?? {})),
        );
        if (f.account !== null) {
          const mark = h("button", { type: "button", testid: `flag-pick-${f.account.id}` }, "Mark this account…");
          mark.addEventListener("click", () => pick(f.account.id, f.account.name));
          item.append(h("p", {}, mark));
        }
        return item;
      }),
    ),
  );
}
