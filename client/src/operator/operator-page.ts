/**
 * The operator page (`/operator`, docs/API.md "Operators"): players' reports, the fair-play flags
 * the tables raised (fair-play-section.ts), the suspicious pairs of the last days and a form to
 * mark an account as a booster or cheater, then the recent operator actions. It uses
 * the browser's own session cookie (sign in on the main page first); the server decides who is an
 * operator and answers 401/403 to anyone else, which the page just says.
 */
import { h } from "../ui/dom.ts";
import { fairPlaySection } from "./fair-play-section.ts";
import { when } from "./read.ts";
import { reportsSection, type ApiBody } from "./reports-section.ts";

const root = document.getElementById("operator")!;

interface Answer {
  status: number;
  body: ApiBody;
}

async function call(path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { message: text };
  }
  return { status: res.status, body: parsed };
}

const message = (a: Answer): string => (a.body && typeof a.body.message === "string" ? a.body.message : `HTTP ${a.status}`);

/**
 * One section of the page, or a notice in its place when drawing it failed: a record the page did
 * not expect costs that section, never the others, the mark form or the actions.
 */
async function guarded(title: string, draw: () => HTMLElement | Promise<HTMLElement>): Promise<HTMLElement> {
  try {
    return await draw();
  } catch {
    return h(
      "section",
      {},
      h("h2", {}, title),
      h("p", { class: "notice", testid: "section-failed" }, "This section could not be drawn from the server's answer."),
    );
  }
}

function pairsTable(pairs: ApiBody[], pick: (id: string, name: string) => void): HTMLElement {
  if (pairs.length === 0) return h("p", { testid: "no-pairs" }, "No pair met often enough in this window.");
  const cell = (v: unknown) => h("td", { class: "num" }, String(v));
  return h(
    "table",
    { testid: "pairs" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ...["Loser", "Winner", "Games", "Losses", "Left or early", "Left", "Rating moved", "Same address", "Suspicion", ""].map((t) =>
          h("th", {}, t),
        ),
      ),
    ),
    h(
      "tbody",
      {},
      ...pairs.map((p) => {
        const mark = h("button", { type: "button", testid: `pick-${p.winner.id}` }, "Mark the winner…");
        mark.addEventListener("click", () => pick(p.winner.id, p.winner.name));
        return h(
          "tr",
          { "data-loser": p.loser.id, "data-winner": p.winner.id },
          h("td", {}, p.loser.name),
          h("td", {}, p.winnerHeld ? `${p.winner.name} (held off the boards)` : p.winner.name),
          cell(p.games),
          cell(p.losses),
          cell(p.quickOrLeft),
          cell(p.left),
          cell(p.ratingMoved),
          h("td", {}, p.sharedAddress === null ? "unknown" : p.sharedAddress ? "yes" : "no"),
          cell(p.suspicion),
          h("td", {}, mark),
        );
      }),
    ),
  );
}

function markForm(onDone: (result: string) => void, note: string | null): { el: HTMLElement; pick: (id: string, name: string) => void } {
  const account = h("input", { name: "account", testid: "mark-account", placeholder: "account id", size: 38, required: true });
  const kind = h(
    "select",
    { name: "kind", testid: "mark-kind" },
    h("option", { value: "booster" }, "booster"),
    h("option", { value: "cheater" }, "cheater"),
  );
  const reason = h("input", {
    name: "reason",
    testid: "mark-reason",
    placeholder: "why (recorded)",
    size: 40,
    required: true,
    minlength: 3,
    maxlength: 500,
  });
  const days = h("input", { name: "windowDays", testid: "mark-days", type: "number", min: 1, max: 365, value: 30, required: true });
  const out = h(
    "p",
    { testid: "mark-result", class: "notice" },
    note ??
      "A mark resets the account's ratings, takes it off the boards and refunds its opponents' losses in the window. It cannot be undone here.",
  );
  const form = h(
    "form",
    { testid: "mark-form" },
    h("label", {}, "Account ", account),
    h("label", {}, "Kind ", kind),
    h("label", {}, "Reason ", reason),
    h("label", {}, "Window (days) ", days),
    h("button", { type: "submit", testid: "mark-submit" }, "Mark"),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!window.confirm(`Mark ${account.value} as a ${kind.value}?`)) return;
    void call(`/operator/accounts/${encodeURIComponent(account.value.trim())}/mark`, {
      kind: kind.value,
      reason: reason.value,
      windowDays: Number(days.value),
    }).then((a) => {
      if (a.status !== 200) {
        out.textContent = `Not marked: ${message(a)}`;
        return;
      }
      const r = a.body;
      // The lists are drawn again (the pair is gone, the action is logged), with this result kept.
      onDone(
        `${r.account.name} marked as a ${r.action.kind} by ${r.action.by} at ${when(r.action.at)}: ${r.totals.points} rating points refunded to ${r.totals.victims} players over ${r.totals.matches} matches.`,
      );
    });
  });
  return {
    el: h("section", {}, h("h2", {}, "Mark an account"), form, out),
    pick: (id, name) => {
      account.value = id;
      reason.focus();
      out.textContent = `Marking ${name}: give a reason, then Mark.`;
    },
  };
}

/** Accounts an automatic flag holds off the boards: each can be cleared (with a reason) or marked with the form. */
function holdsSection(holds: readonly ApiBody[], pick: (id: string, name: string) => void, onDone: (note: string) => void): HTMLElement {
  const rows = holds.map((hold) => {
    const reason = h("input", {
      type: "text",
      maxlength: 500,
      placeholder: "why it is fine",
      "aria-label": `Reason to clear ${String(hold.player.name)}`,
    }) as HTMLInputElement;
    const clear = h("button", { type: "button" }, "Clear");
    const mark = h("button", { type: "button" }, "Mark…");
    clear.addEventListener(
      "click",
      () =>
        void call(`/operator/accounts/${encodeURIComponent(hold.player.id)}/clear-hold`, { reason: reason.value }).then((a) =>
          onDone(a.status === 200 ? `${String(hold.player.name)} is listed again.` : `Not cleared: ${message(a)}`),
        ),
    );
    mark.addEventListener("click", () => pick(String(hold.player.id), String(hold.player.name)));
    return h(
      "li",
      { testid: "hold" },
      `${String(hold.player.name)} (${String(hold.game)}, ${when(hold.at)}): ${(hold.reasons as string[]).join(", ")} `,
      reason,
      clear,
      mark,
    );
  });
  return h(
    "section",
    {},
    h("h2", {}, "Held off the boards"),
    rows.length ? h("ul", { testid: "holds" }, ...rows) : h("p", {}, "No account is held."),
  );
}

async function render(days: number, note: string | null = null): Promise<void> {
  const [pairs, actions] = await Promise.all([call(`/operator/suspicious-pairs?days=${days}`), call("/operator/actions?limit=50")]);
  if (pairs.status !== 200) {
    const hint = pairs.status === 401 ? " Sign in with a saved account on the main page first." : "";
    root.replaceChildren(
      h("h1", {}, "Operators"),
      h("p", { class: "notice", testid: "denied" }, `${message(pairs)}.${hint}`),
      h("p", {}, h("a", { href: "./" }, "Back to the tables")),
    );
    return;
  }
  const windowPicker = h("input", { type: "number", min: 1, max: 365, value: days, testid: "days" });
  windowPicker.addEventListener("change", () => void render(Number(windowPicker.value) || 30));
  const form = markForm((result) => void render(days, result), note);
  const [reports, fairPlay, pairList, actionList] = await Promise.all([
    guarded("Reports", () => reportsSection(call, (result) => void render(days, result))),
    guarded("Fair-play flags", () => fairPlaySection(call, form.pick)),
    guarded("Suspicious pairs", () =>
      h(
        "section",
        {},
        h("h2", {}, "Suspicious pairs"),
        h("label", {}, "Last days ", windowPicker),
        pairsTable(pairs.body.pairs, form.pick),
        holdsSection(pairs.body.holds ?? [], form.pick, (result) => void render(days, result)),
      ),
    ),
    guarded("Recent actions", () =>
      h(
        "section",
        {},
        h("h2", {}, "Recent actions"),
        h(
          "ul",
          { testid: "actions" },
          ...actions.body.actions.map((a: ApiBody) =>
            h("li", {}, `${when(a.at)} ${String(a.actor)}: ${String(a.action)} ${String(a.targetId)}: ${String(a.reason)}`),
          ),
        ),
      ),
    ),
  ]);
  root.replaceChildren(h("h1", {}, "Operators"), reports, fairPlay, pairList, form.el, actionList);
}

void render(30);
