/**
 * The ways back into a saved account besides its password (docs/API.md, "Passkeys and recovery
 * codes"): signing in with a passkey (WebAuthn through @simplewebauthn/browser), a lost password
 * replaced after signing in with a one-time recovery code, the recovery codes shown once when the
 * account is saved (copy or download, "save these"), a panel to add and remove passkeys, make
 * new codes and change the password, and the show/hide toggle of every password field.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { Dialog } from "../ui/dialog.ts";
import { h } from "../ui/dom.ts";
import { ApiError, recoveryApi as api, type PasskeyInfo } from "./api.ts";

const dialog = new Dialog();

let fields = 0;

/**
 * A password field with its show/hide button beside it (outside the label, so the field's name is
 * only the label's text). The button is a toggle: its name stays "Show password" and
 * `aria-pressed` says whether the password is shown, as a screen reader expects of a toggle; its
 * pressed look says the same on screen.
 */
export function passwordField(label: string, attrs: Record<string, string | number | boolean | undefined>): HTMLElement {
  const id = `password-field-${++fields}`;
  const input = h("input", { ...attrs, id, type: "password" });
  const toggle = h(
    "button",
    {
      type: "button",
      class: "password-toggle",
      "aria-pressed": "false",
      "aria-label": "Show password",
      "aria-controls": id,
      testid: `${String(attrs["testid"] ?? "password")}-toggle`,
    },
    "Show",
  );
  toggle.addEventListener("click", () => {
    const show = input.type === "password";
    input.type = show ? "text" : "password";
    toggle.setAttribute("aria-pressed", String(show));
  });
  return h("div", { class: "password-row" }, h("label", { class: "cred-field", for: id }, h("span", {}, label), input), toggle);
}

function passwordInput(name: string, testid: string, autocomplete: string, label: string): HTMLElement {
  return passwordField(label, { name, testid, autocomplete, required: name !== "current", minlength: 8, maxlength: 200 });
}

/** What the passkey prompt's failure means to a player (the browser's own wording is technical). */
function passkeyProblem(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof WebAuthnError && err.code === "ERROR_CEREMONY_ABORTED") return "The passkey prompt was closed";
  if (err instanceof Error && err.name === "NotAllowedError") return "No passkey was used (the prompt was closed or timed out)";
  return err instanceof Error ? err.message : String(err);
}

/** Signs in with a passkey this device (or its password manager) holds; null when done, else why not. */
export async function signInWithPasskey(): Promise<string | null> {
  if (!browserSupportsWebAuthn()) return "This browser cannot use passkeys";
  try {
    const { options } = await api.passkeySignInOptions();
    await api.passkeySignIn(await startAuthentication({ optionsJSON: options }));
    return null;
  } catch (err) {
    return passkeyProblem(err);
  }
}

/** The codes, once, with a clear "save these" and a copy and a download. */
export function showRecoveryCodes(codes: readonly string[], username: string | null): void {
  const text = `Scat Tables recovery codes${username ? ` for @${username}` : ""}\nEach code works once. Keep them somewhere safe.\n\n${codes.join("\n")}\n`;
  const note = h("p", { class: "sub", role: "status", testid: "recovery-codes-note" });
  const copy = h("button", { type: "button", testid: "recovery-codes-copy" }, "Copy");
  copy.addEventListener(
    "click",
    () =>
      void navigator.clipboard.writeText(text).then(
        () => {
          note.textContent = "Copied.";
        },
        () => {
          note.textContent = "Copying is not allowed here: select the codes or download them.";
        },
      ),
  );
  const download = h(
    "a",
    {
      class: "button",
      testid: "recovery-codes-download",
      download: "scat-tables-recovery-codes.txt",
      href: URL.createObjectURL(new Blob([text], { type: "text/plain" })),
    },
    "Download",
  );
  const done = h("button", { type: "button", class: "primary", testid: "recovery-codes-done" }, "I have saved them");
  done.addEventListener("click", () => {
    dialog.close();
    URL.revokeObjectURL(download.href);
  });
  dialog.show(
    { testid: "recovery-codes", title: "Save your recovery codes" },
    h(
      "p",
      {},
      h("strong", {}, "Save these now: they are shown only once."),
      " If you lose your password, a code signs you in so you can set a new one. Each code works once.",
    ),
    h("ol", { class: "recovery-codes", testid: "recovery-codes-list" }, ...codes.map((c) => h("li", {}, h("code", {}, c)))),
    h("div", { class: "account-tools" }, copy, download, done),
    note,
  );
}

/**
 * "Lost your password?": a username and a recovery code sign in, then a new password is set
 * (or skipped, to add a passkey instead from the sign-in methods). `signedIn` runs once the code
 * worked, so the page shows the account even if no password is set.
 */
export function openRecovery(signedIn: () => void): void {
  const error = h("p", { class: "error", role: "alert", testid: "recover-error" });
  const form = h(
    "form",
    { class: "credentials", testid: "recover-form" },
    h(
      "label",
      { class: "cred-field" },
      h("span", {}, "Username"),
      h("input", { type: "text", name: "username", autocomplete: "username", required: true, maxlength: 24, testid: "recover-username" }),
    ),
    h(
      "label",
      { class: "cred-field" },
      h("span", {}, "Recovery code"),
      h("input", {
        type: "text",
        name: "code",
        autocomplete: "one-time-code",
        required: true,
        maxlength: 40,
        spellcheck: "false",
        placeholder: "XXXX-XXXX-XXXX-XXXX",
        testid: "recover-code",
      }),
    ),
    h("button", { type: "submit", class: "primary", testid: "recover-submit" }, "Sign in with the code"),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const value = (n: string) => (form.elements.namedItem(n) as HTMLInputElement).value.trim();
    api.recover(value("username"), value("code")).then(
      () => {
        signedIn();
        newPassword(signedIn);
      },
      (err: Error) => {
        error.textContent = err.message;
      },
    );
  });
  dialog.show(
    { testid: "recover", title: "Lost your password?" },
    h("p", {}, "Type your username and one of the recovery codes you saved when you made your account. Each code works once."),
    form,
    error,
  );
}

/** After a recovery-code sign-in: the new password (no old one asked). */
function newPassword(done: () => void): void {
  const error = h("p", { class: "error", role: "alert", testid: "new-password-error" });
  const form = h(
    "form",
    { class: "credentials", testid: "new-password-form" },
    passwordInput("password", "new-password", "new-password", "New password (8 or more characters)"),
    h("button", { type: "submit", class: "primary", testid: "new-password-submit" }, "Set password"),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    hidePasswords(form);
    api.setPassword((form.elements.namedItem("password") as HTMLInputElement).value).then(
      () => {
        dialog.show(
          { testid: "new-password-done", title: "Password set" },
          h("p", { role: "status" }, "You are signed in, and your new password works from now on. Other devices were signed out."),
        );
        done();
      },
      (err: Error) => {
        error.textContent = err.message;
      },
    );
  });
  dialog.show(
    { testid: "set-password", title: "You are signed in: set a new password" },
    h("p", {}, "Choose a new password now (or close this and add a passkey from “Passkeys and recovery”)."),
    form,
    error,
  );
}

/** Every shown password of the form hidden again as it is sent (a browser may otherwise offer to keep it as plain text). */
export function hidePasswords(form: HTMLFormElement): void {
  for (const b of form.querySelectorAll<HTMLButtonElement>('.password-toggle[aria-pressed="true"]')) b.click();
}

const when = (ms: number | null): string =>
  ms === null ? "never" : new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The saved account's sign-in methods: its passkeys, its recovery codes, its password. */
export async function openSignInMethods(username: string | null): Promise<void> {
  const note = h("p", { role: "status", class: "sub", testid: "methods-note" });
  const list = h("ul", { class: "passkey-list", testid: "passkey-list" }, h("li", {}, "Loading…"));
  const add = h(
    "button",
    { type: "button", class: "primary", testid: "add-passkey", disabled: !browserSupportsWebAuthn() },
    "Add a passkey",
  );
  const codesLine = h("p", { testid: "recovery-status" });
  const renew = h("button", { type: "button", testid: "renew-recovery-codes" }, "New recovery codes");
  const change = h(
    "form",
    { class: "credentials", testid: "change-password-form" },
    passwordInput("current", "current-password", "current-password", "Current password"),
    passwordInput("password", "change-password", "new-password", "New password"),
    h("button", { type: "submit", testid: "change-password-submit" }, "Change password"),
  );
  const reload = async (): Promise<void> => {
    try {
      const [{ passkeys }, codes] = await Promise.all([api.passkeys(), api.recoveryStatus()]);
      list.replaceChildren(
        ...(passkeys.length ? passkeys.map((p) => passkeyRow(p, reload, note)) : [h("li", { testid: "no-passkeys" }, "No passkeys yet.")]),
      );
      codesLine.textContent = codes.createdAt === null ? "No recovery codes yet." : `${codes.remaining} of 10 recovery codes unused.`;
    } catch (err) {
      note.textContent = (err as Error).message;
    }
  };
  add.addEventListener(
    "click",
    () =>
      void (async () => {
        note.textContent = "";
        try {
          const { options } = await api.passkeyOptions();
          await api.addPasskey(await startRegistration({ optionsJSON: options }));
          note.textContent = "Passkey added: you can sign in with it on this device.";
        } catch (err) {
          note.textContent = passkeyProblem(err);
        }
        await reload();
      })(),
  );
  renew.addEventListener(
    "click",
    () =>
      void api.newRecoveryCodes().then(
        ({ codes }) => showRecoveryCodes(codes, username),
        (err: Error) => {
          note.textContent = err.message;
        },
      ),
  );
  change.addEventListener("submit", (e) => {
    e.preventDefault();
    hidePasswords(change);
    const value = (n: string) => (change.elements.namedItem(n) as HTMLInputElement).value;
    api.setPassword(value("password"), value("current")).then(
      () => {
        change.reset();
        note.textContent = "Password changed. Other devices were signed out.";
      },
      (err: Error) => {
        note.textContent = err.message;
      },
    );
  });
  dialog.show(
    { testid: "sign-in-methods", title: "Passkeys and recovery", extraClass: "board" },
    h("h3", {}, "Passkeys"),
    h("p", { class: "sub" }, "Sign in with your device's screen lock or a password manager instead of a password."),
    list,
    add,
    h("h3", {}, "Recovery codes"),
    codesLine,
    h("p", { class: "sub" }, "Making new codes stops the old ones."),
    renew,
    h("h3", {}, "Password"),
    change,
    note,
  );
  await reload();
}

function passkeyRow(p: PasskeyInfo, reload: () => Promise<void>, note: HTMLElement): HTMLElement {
  const remove = h("button", { type: "button", testid: `remove-passkey-${p.id}`, "aria-label": `Remove passkey ${p.label}` }, "Remove");
  remove.addEventListener(
    "click",
    () =>
      void api.removePasskey(p.id).then(
        () => {
          note.textContent = `Removed “${p.label}”.`;
          return reload();
        },
        (err: Error) => {
          note.textContent = err.message;
        },
      ),
  );
  return h(
    "li",
    { "data-passkey": p.id },
    h("span", {}, `${p.label} · added ${when(p.createdAt)} · last used ${when(p.lastUsedAt)}`),
    remove,
  );
}
