/**
 * A saved account's settings follow it to another device: at each sign-in (or page load) the
 * server's `settings` (docs/API.md, "Preferences") become this browser's, or, when the account
 * kept none yet, this browser's are written there; each later change is written too. A guest's
 * stay in this browser (the server keeps none for guests).
 */
import { fetchPreferences, putPreferences, registerPart } from "./preferences-doc.ts";
import { applySettingsDoc, settingsDoc, type SettingsDoc } from "./settings-store.ts";

let saved = false;
let synced = false;

registerPart("settings", () => (saved && synced ? settingsDoc() : undefined));

/** Whether changes are kept with the account (a saved one) or on this device only. */
export function settingsFollowAccount(): boolean {
  return saved;
}

export async function syncSettings(account: { guest: boolean } | null): Promise<void> {
  saved = account !== null && !account.guest;
  synced = false;
  if (!saved) return;
  const doc = await fetchPreferences();
  if (!doc || !saved) return;
  const theirs = doc["settings"] as SettingsDoc | undefined;
  if (theirs) applySettingsDoc(theirs);
  synced = true;
  if (!theirs) await putPreferences();
}

/** After a change on the settings page: written to a saved account (resolves false when it was not). */
export async function pushSettings(): Promise<boolean> {
  if (!saved) return false;
  synced = true;
  return (await putPreferences()) !== null;
}
