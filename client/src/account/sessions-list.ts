/**
 * "Where I'm signed in": the account's browser sessions and personal tokens with their last use,
 * each revocable, and "Sign out everywhere" (docs/API.md, "Sessions").
 */
import { Dialog } from "../ui/dialog.ts";
import { h } from "../ui/dom.ts";
import { api, type SessionInfo } from "./api.ts";

const dialog = new Dialog();

const when = (ms: number): string => new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function row(s: SessionInfo, reload: () => void): HTMLElement {
  const revoke = h("button", { type: "button", testid: `revoke-${s.id}` }, s.kind === "token" ? "Revoke" : "Sign out");
  revoke.addEventListener(
    "click",
    () =>
      void api.revokeSession(s.id).then(reload, (err: Error) => {
        revoke.textContent = err.message;
      }),
  );
  return h(
    "tr",
    { "data-session": s.id },
    h("td", {}, s.kind === "token" ? `Token: ${s.label}` : s.label, s.current ? h("strong", {}, " (this browser)") : ""),
    h("td", {}, when(s.lastUsedAt)),
    h("td", {}, when(s.expiresAt)),
    h("td", {}, s.current ? "" : revoke),
  );
}

/** Opens the list; `signedOut` runs after "Sign out everywhere" (this browser included). */
export async function openSessions(signedOut: () => void): Promise<void> {
  const body = h("div", { testid: "sessions-body" }, "Loading…");
  const everywhere = h("button", { type: "button", class: "primary", testid: "sign-out-everywhere" }, "Sign out everywhere");
  everywhere.addEventListener(
    "click",
    () =>
      void api.signOutEverywhere().then(
        () => {
          dialog.close();
          signedOut();
        },
        (err: Error) => {
          body.textContent = err.message;
        },
      ),
  );
  dialog.show({ testid: "sessions", title: "Where you are signed in", extraClass: "board" }, body, everywhere);
  const reload = (): void => void openSessions(signedOut);
  try {
    const { sessions } = await api.sessions();
    body.replaceChildren(
      h(
        "table",
        { class: "results", testid: "sessions-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "Where"), h("th", {}, "Last used"), h("th", {}, "Expires"), h("th", {}, ""))),
        h("tbody", {}, ...sessions.map((s) => row(s, reload))),
      ),
    );
  } catch (err) {
    body.textContent = `The list is not available: ${(err as Error).message}`;
  }
}
