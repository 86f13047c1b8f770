/**
 * The ways back into an account (account/passkeys.ts), in Chromium under the page's own CSP: a
 * player saves an account (its recovery codes shown once), adds a passkey held by Chromium's
 * virtual authenticator (DevTools protocol, WebAuthn domain), signs out, and signs in with the
 * passkey alone; another loses the password, signs in with a recovery code, sets a new password
 * and is signed in, and the same code is refused the second time. Password fields show and hide
 * their text with an accessible toggle. The page is opened at `localhost`: a passkey is bound to
 * a domain name, never to an IP address.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DESKTOP, useBrowserSuite } from "./lib/index.ts";
import { axeViolations } from "./lib/axe.ts";
import { openSection } from "./lib/lobby.ts";

const suite = useBrowserSuite({ DATA_DIR: ":memory:" });
// Opening the accounts store (PGlite) takes seconds on a loaded machine: once, before the tests.
beforeAll(async () => {
  await fetch(`${suite.server.url}/api/leaderboard/devils_scat`);
});
const csp = { enforceCsp: true };
const PASSWORD = "lantern orbit meadow copper";
const site = () => suite.server.url.replace("127.0.0.1", "localhost");

async function status(page: Page, text: string): Promise<void> {
  await page.waitForSelector(`[data-testid="account-status"]:has-text("${text}")`, { timeout: 60_000 });
}

/** Saves the page's guest account through the panel; the recovery codes it was shown. */
async function saveAccount(page: Page, username: string): Promise<string[]> {
  await page.goto(site());
  // The account panel is the home page's Profile section.
  await openSection(page, "profile");
  await status(page, "Playing as");
  await page.click('[data-testid="show-register"]');
  await page.fill('[data-testid="register-form-username"]', username);
  await page.fill('[data-testid="register-form-password"]', PASSWORD);
  // Shown to check it, then sent: the field hides it again as the form goes.
  await page.click('[data-testid="register-form-password-toggle"]');
  expect(await page.getAttribute('[data-testid="register-form-password"]', "type")).toBe("text");
  await page.click('[data-testid="register-form-submit"]');
  expect(await page.getAttribute('[data-testid="register-form-password"]', "type")).toBe("password");
  await page.waitForSelector('[data-testid="recovery-codes"]');
  expect(await page.textContent('[data-testid="recovery-codes"]')).toContain("Save these now");
  const codes = await page.locator('[data-testid="recovery-codes-list"] code').allTextContents();
  expect(await page.getAttribute('[data-testid="recovery-codes-download"]', "href")).toMatch(/^blob:/);
  expect((await axeViolations(page, '[data-testid="recovery-codes"]')).join("; ")).toBe("");
  await page.click('[data-testid="recovery-codes-done"]');
  await status(page, `@${username}`);
  return codes;
}

async function signOut(page: Page): Promise<void> {
  await page.click('[data-testid="sign-out"]');
  await status(page, "(guest account on this device)");
}

describe("a way back in without e-mail", () => {
  it("a saved account adds a passkey, signs out, and signs in with the passkey alone", async () => {
    const { page, errors } = await suite.player(DESKTOP, csp);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await saveAccount(page, "key_holder");

    await page.click('[data-testid="open-sign-in-methods"]');
    await page.waitForSelector('[data-testid="no-passkeys"]');
    expect((await axeViolations(page, '[data-testid="sign-in-methods"]')).join("; ")).toBe("");
    await page.click('[data-testid="add-passkey"]');
    await page.waitForSelector('[data-testid="passkey-list"] li[data-passkey]');
    expect(await page.textContent('[data-testid="methods-note"]')).toContain("Passkey added");
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
    await page.click('[data-testid="sign-in-methods-close"]');

    await signOut(page);
    await page.click('[data-testid="show-sign-in"]');
    await page.click('[data-testid="passkey-sign-in"]');
    await status(page, "@key_holder");
    expect(await page.textContent('[data-testid="account-error"]')).toBe("");
    expect(errors).toEqual([]);
  });

  it("a lost password: a recovery code signs in, a new password is set, and the code is refused the second time", async () => {
    const { page, errors } = await suite.player(DESKTOP, csp);
    const codes = await saveAccount(page, "forgetful");
    expect(codes).toHaveLength(10);
    await signOut(page);

    await page.click('[data-testid="show-sign-in"]');
    await page.click('[data-testid="lost-password"]');
    await page.fill('[data-testid="recover-username"]', "forgetful");
    await page.fill('[data-testid="recover-code"]', codes[0]!);
    await page.click('[data-testid="recover-submit"]');
    await page.waitForSelector('[data-testid="new-password-form"]');
    // The password field's toggle: a button that says whether the password is shown.
    const toggle = '[data-testid="new-password-toggle"]';
    expect(await page.getAttribute(toggle, "aria-pressed")).toBe("false");
    expect(await page.getAttribute(toggle, "aria-label")).toBe("Show password");
    await page.fill('[data-testid="new-password"]', "copper violin harbor quartz");
    await page.click(toggle);
    expect(await page.getAttribute('[data-testid="new-password"]', "type")).toBe("text");
    expect(await page.getAttribute(toggle, "aria-pressed")).toBe("true");
    expect(await page.getAttribute(toggle, "aria-label")).toBe("Show password");
    expect(await page.getAttribute(toggle, "aria-controls")).toBe(await page.getAttribute('[data-testid="new-password"]', "id"));
    await page.click('[data-testid="new-password-submit"]');
    await page.waitForSelector('[data-testid="new-password-done"]');
    await status(page, "@forgetful");
    await page.click('[data-testid="new-password-done-close"]');

    // The new password works; then the used code opens nothing.
    await signOut(page);
    await page.click('[data-testid="show-sign-in"]');
    await page.fill('[data-testid="sign-in-form-username"]', "forgetful");
    await page.fill('[data-testid="sign-in-form-password"]', "copper violin harbor quartz");
    await page.click('[data-testid="sign-in-form-submit"]');
    await status(page, "@forgetful");
    await signOut(page);
    await page.click('[data-testid="show-sign-in"]');
    await page.click('[data-testid="lost-password"]');
    await page.fill('[data-testid="recover-username"]', "forgetful");
    await page.fill('[data-testid="recover-code"]', codes[0]!);
    await page.click('[data-testid="recover-submit"]');
    await page.waitForSelector('[data-testid="recover-error"]:has-text("works only once")');
    await status(page, "(guest account on this device)");
    expect(errors).toEqual([]);
  });
});
