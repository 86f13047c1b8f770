/**
 * A saved account's settings follow it to another device: at each sign-in (or page load) the
 * server's `settings` (docs/API.md, "Preferences") become this browser's; the first change made
 * on the Settings page while signed in writes them there (an account whose player never changed a
 * setting keeps no settings, so the defaults of one device never overwrite another's choices).
 * A guest's stay in this browser (the server keeps none for guests).
 */
import { fetchPreferences, putPreferences, registerPart } from "./preferences-doc.ts";
import { applySettingsDoc, settingsDoc, type SettingsDoc } from "./settings-store.ts";

let saved = false;
/** The account keeps settings: the server had them, or the player changed one here since. */
let kept = false;

registerPart("settings", () => (saved && kept ? settingsDoc() : undefined));

/** Whether changes are kept with the account (a saved one) or on this device only. */
export function settingsFollowAccount(): boolean {
  return saved;
}

export async function syncSettings(account: { guest: boolean } | null): Promise<void> {
  saved = account !== null && !account.guest;
  kept = false;
  if (!saved) return;
  const doc = await fetchPreferences();
  if (!doc || !saved) return;
  const theirs = doc["settings"] as SettingsDoc | undefined;
  if (!theirs) return;
  applySettingsDoc(theirs);
  kept = true;
}

/** After a change on the settings page: written to a saved account (resolves false when it was not). */
export async function pushSettings(): Promise<boolean> {
  if (!saved) return false;
  kept = true;
  return (await putPreferences()) !== null;
}
