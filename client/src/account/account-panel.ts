/**
 * The account and ranked section of the lobby: who you play as (a guest account made silently on
 * the first visit, with the name you typed or one the server generates), saving it with a
 * username and password, signing in on another device, signing out, a Ranked button per game
 * showing your rating, and the leaderboard and profile.
 */
import type { GameId } from "@scat/shared";
import { lobbyGames } from "../games/registry.ts";
import { loadName } from "../net/storage.ts";
import type { TableSession } from "../net/table-session.ts";
import { byTestId, h } from "../ui/dom.ts";
import { api, ensureAccount, forgetAccount, ratingText, type Account, type GameRating } from "./api.ts";
import { openSessions } from "./sessions-list.ts";
import { confirmDialog } from "../ui/confirm.ts";
import { openFairPlay } from "./fair-play.ts";
import { closeBoard, openLeaderboard, openProfile } from "./boards.ts";
import { clearRatingChange, playRanked, showRatingChange, takeRequeue } from "./ranked-queue.ts";
import "./account.css";
import { isolate } from "../ui/names.ts";
import { progressView } from "./ranked-progress.ts";
import { hidePasswords, openRecovery, openSignInMethods, passwordField, showRecoveryCodes, signInWithPasskey } from "./passkeys.ts";

export interface AccountActions {
  /** The ranked queue seated us: go to the table. */
  seated(session: TableSession): void;
  setBusy(busy: boolean, note?: string): void;
  /**
   * The lobby's name field applied to the account (renamed when the player typed another name):
   * the account, "refused" (the reason is shown by the field), or null when accounts are out of reach.
   */
  settleName?(): Promise<Account | "refused" | null>;
  /** Who the page plays as, after every (re)load of the account: a sign-in, sign-up or sign-out. */
  account?(account: Account | null): void;
}

export interface AccountPanel {
  readonly el: HTMLElement;
  /** The account changed elsewhere on the page (renamed from the lobby's name field). */
  changed(account: Account): void;
  destroy(): void;
}

function credentialsForm(testid: string, submit: string): HTMLFormElement {
  return h(
    "form",
    { class: "credentials", testid, hidden: true },
    h(
      "label",
      { class: "cred-field" },
      h("span", {}, "Username"),
      h("input", {
        type: "text",
        name: "username",
        placeholder: "Username",
        autocomplete: "username",
        testid: `${testid}-username`,
        required: true,
        minlength: 3,
        maxlength: 24,
      }),
    ),
    passwordField("Password (8 or more characters)", {
      name: "password",
      placeholder: "Password (8+)",
      autocomplete: testid === "register-form" ? "new-password" : "current-password",
      testid: `${testid}-password`,
      required: true,
      minlength: 8,
      maxlength: 200,
    }),
    h("button", { type: "submit", class: "primary", testid: `${testid}-submit` }, submit),
  );
}

export function mountAccountPanel(actions: AccountActions): AccountPanel {
  clearRatingChange();
  const status = h("p", { class: "account-status", testid: "account-status" }, "Connecting your account…");
  const guestNote = h(
    "p",
    { class: "sub", testid: "account-guest-note", hidden: true },
    "Ranked play is for saved accounts: save yours with a username and password (it keeps your guest account and its games). You also need 3 finished casual games first.",
  );
  const ranked = h("div", { class: "ranked-buttons", testid: "ranked-buttons" });
  const error = h("p", { class: "error", testid: "account-error", role: "alert" });
  const register = credentialsForm("register-form", "Save account");
  const signIn = credentialsForm("sign-in-form", "Sign in");
  // The other ways in: a passkey (no username asked), or a recovery code for a lost password.
  const otherWays = h(
    "div",
    { class: "account-tools" },
    h("button", { type: "button", testid: "passkey-sign-in" }, "Sign in with a passkey"),
    h("button", { type: "button", testid: "lost-password" }, "Lost your password?"),
  );
  signIn.append(otherWays);
  const tools = h(
    "div",
    { class: "account-tools" },
    h("button", { type: "button", testid: "open-leaderboard" }, "Leaderboard"),
    h("button", { type: "button", testid: "open-profile" }, "My profile"),
    h("button", { type: "button", testid: "open-fair-play" }, "Fair play"),
    h("button", { type: "button", testid: "show-register" }, "Save with a password"),
    h("button", { type: "button", testid: "show-sign-in" }, "Sign in"),
    h("button", { type: "button", testid: "open-sessions" }, "Where I'm signed in"),
    h("button", { type: "button", testid: "open-sign-in-methods" }, "Passkeys and recovery"),
    h("button", { type: "button", testid: "sign-out" }, "Sign out"),
  );
  const progress = progressView();
  // Said where the Save button was (the form folds away once saved), not only in the status line above.
  const saved = h("p", { class: "account-saved", testid: "account-saved", role: "status", hidden: true });
  const el = h(
    "section",
    { class: "account-panel", testid: "account-panel" },
    h("h2", {}, "Ranked"),
    status,
    guestNote,
    progress.el,
    ranked,
    tools,
    register,
    saved,
    signIn,
    error,
  );
  let account: Account | null = null;
  let ratings: readonly GameRating[] = [];
  let busy = false;

  const render = (): void => {
    const a = account;
    status.textContent = a
      ? `Playing as ${isolate(a.player.name)}${a.player.guest ? " (guest account on this device)" : ` (@${a.player.username})`}`
      : "Not signed in";
    el.dataset["player"] = a?.player.id ?? "";
    guestNote.hidden = !a?.player.guest;
    byTestId(el, "show-register").hidden = !a?.player.guest;
    byTestId(el, "sign-out").hidden = !a;
    byTestId(el, "open-sessions").hidden = !a || a.player.guest;
    byTestId(el, "open-sign-in-methods").hidden = !a || a.player.guest;
    ranked.replaceChildren(
      ...lobbyGames()
        .filter((g) => g.playable)
        .map((g) => {
          const b = h(
            "button",
            { type: "button", class: "ranked-button", testid: `ranked-${g.id}`, disabled: !a || busy },
            h("span", {}, `Ranked ${g.title}`),
            h("span", { class: "ranked-rating", testid: `rating-${g.id}` }, ratingText(ratings.find((r) => r.game === g.id))),
          );
          b.addEventListener("click", () => void queue(g.id as GameId, g.title));
          return b;
        }),
    );
  };

  const refresh = async (): Promise<void> => {
    try {
      account = await ensureAccount(loadName());
      ratings = (await api.profile(account.player.id)).ratings;
      error.textContent = "";
    } catch (err) {
      error.textContent = `Accounts are not available: ${(err as Error).message}`;
    }
    render();
    void progress.refresh(account !== null);
    actions.account?.(account);
  };

  const queue = async (game: GameId, title: string): Promise<void> => {
    if (!account || busy) return;
    busy = true;
    render();
    try {
      // The name typed in the lobby form is the name shown at the ranked table too.
      const named = await actions.settleName?.();
      if (named === "refused") {
        busy = false;
        return render();
      }
      if (named) account = named;
      const session = await playRanked(game, title, account);
      if (session) {
        showRatingChange(session, account.player.id);
        return actions.seated(session);
      }
    } catch (err) {
      error.textContent = (err as Error).message;
    }
    busy = false;
    render();
  };

  const credentials = (form: HTMLFormElement) => (
    hidePasswords(form),
    {
      username: (form.elements.namedItem("username") as HTMLInputElement).value.trim(),
      password: (form.elements.namedItem("password") as HTMLInputElement).value,
    }
  );
  register.addEventListener("submit", (e) => {
    e.preventDefault();
    const c = credentials(register);
    if (!account) return;
    saved.hidden = true;
    api.register(c.username, c.password).then(
      async (done) => {
        register.hidden = true;
        if (done.recoveryCodes) showRecoveryCodes(done.recoveryCodes, done.player.username);
        await refresh();
        saved.textContent = `✓ Saved as @${account?.player.username ?? c.username}: sign in with this username and your password on any device.`;
        saved.hidden = false;
        saved.scrollIntoView({ block: "nearest" });
      },
      (err: Error) => {
        error.textContent = err.message;
      },
    );
  });
  signIn.addEventListener("submit", (e) => {
    e.preventDefault();
    const c = credentials(signIn);
    api.signIn(c.username, c.password).then(
      () => {
        signIn.hidden = true;
        return refresh();
      },
      (err: Error) => {
        error.textContent = err.message;
      },
    );
  });
  byTestId(el, "passkey-sign-in").addEventListener(
    "click",
    () =>
      void signInWithPasskey().then((problem) => {
        error.textContent = problem ?? "";
        if (problem === null) {
          signIn.hidden = true;
          void refresh();
        }
      }),
  );
  byTestId(el, "lost-password").addEventListener("click", () =>
    openRecovery(() => {
      signIn.hidden = true;
      void refresh();
    }),
  );
  byTestId(el, "open-sign-in-methods").addEventListener("click", () => void openSignInMethods(account?.player.username ?? null));
  byTestId(el, "show-register").addEventListener("click", () => {
    register.hidden = !register.hidden;
    signIn.hidden = true;
  });
  byTestId(el, "show-sign-in").addEventListener("click", () => {
    signIn.hidden = !signIn.hidden;
    register.hidden = true;
  });
  byTestId(el, "sign-out").addEventListener("click", () => {
    // A guest has no password: signing out leaves its account (and ratings) behind for good.
    void (async () => {
      if (
        account?.player.guest &&
        !(await confirmDialog({
          title: "Sign out of a guest account?",
          body: "This guest account has no password: once signed out you cannot come back to it or its ratings. Save it with a password first to keep it.",
          yes: "Sign out",
          no: "Keep playing",
        }))
      )
        return;
      account = null;
      forgetAccount();
      await api.signOut().catch(() => undefined);
      await refresh();
    })();
  });
  byTestId(el, "open-sessions").addEventListener(
    "click",
    () =>
      void openSessions(() => {
        account = null;
        forgetAccount();
        void refresh();
      }),
  );
  byTestId(el, "open-fair-play").addEventListener("click", () => openFairPlay());
  byTestId(el, "open-leaderboard").addEventListener("click", () => void openLeaderboard(ratings[0]?.game ?? "devils_scat"));
  byTestId(el, "open-profile").addEventListener("click", () => void (account && openProfile(account.player.id)));
  render();
  const requeue = takeRequeue();
  void refresh().then(() => {
    const game = requeue ? lobbyGames().find((g) => g.id === requeue) : undefined;
    if (game && account) void queue(game.id as GameId, game.title);
  });
  return {
    el,
    changed: (a) => {
      if (account?.player.id !== a.player.id) return;
      account = a;
      render();
    },
    destroy: () => {
      closeBoard();
      el.remove();
    },
  };
}
