/**
 * The home page's Settings section: display name (the account's rename route), sound, the
 * keyboard table (auto / on / off), motion, chat (everything / quick phrases / off), the bot
 * strength Play now asks for, and the players this account blocked, each with Unblock. Every
 * change is kept at once (a saved account's on the server too: settings-sync.ts) and says so
 * beside the control that made it.
 */
import { BOT_STRENGTHS } from "@scat/shared";
import { keyboardTableMode, setKeyboardTableMode, type KeyboardTableMode } from "../a11y/dock.ts";
import { api, ApiError, type Account } from "../account/api.ts";
import { serverEndpoint } from "../net/endpoint.ts";
import { loadSoundPrefs, saveSoundPrefs } from "../social/sounds.ts";
import { confirmDialog } from "../ui/confirm.ts";
import { h } from "../ui/dom.ts";
import { pushSettings, settingsFollowAccount } from "./settings-sync.ts";
import { loadSettings, saveSettings, type ChatMode, type MotionMode } from "./settings-store.ts";

export interface SettingsPage {
  readonly el: HTMLElement;
  /** The account the page plays as (after each sign-in, sign-up, sign-out or rename). */
  account(a: Account | null): void;
  /** Reads the block list again (the section was opened). */
  refresh(): void;
}

export interface SettingsActions {
  /** The account was renamed here: the rest of the page shows the new name. */
  renamed(a: Account): void;
}

interface Blocked {
  readonly id: string;
  readonly name: string;
  readonly at: number;
}

async function blocksCall<T>(method: "GET" | "DELETE", path: string): Promise<T> {
  const res = await fetch(`${serverEndpoint()}/api${path}`, { method, credentials: "same-origin" });
  const data = (await res.json().catch(() => ({}))) as T & { error?: string; message?: string };
  if (!res.ok) throw new ApiError(res.status, data.error ?? "error", data.message ?? `The server answered ${res.status}`);
  return data;
}

function select<T extends string>(testid: string, label: string, choices: readonly (readonly [T, string])[], value: T): HTMLSelectElement {
  return h("select", { testid, "aria-label": label }, ...choices.map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
}

/** One setting: its label, its control and the line that says what became of a change. */
function row(label: string, control: HTMLElement, testid: string, hint?: string): { el: HTMLElement; status: HTMLElement } {
  const status = h("span", { class: "setting-status", testid: `${testid}-status`, role: "status" });
  const id = `setting-${testid}`;
  control.id = id;
  const el = h(
    "div",
    { class: "setting" },
    h("label", { for: id }, label),
    h("div", { class: "setting-control" }, control, status),
    hint ? h("p", { class: "setting-hint" }, hint) : null,
  );
  return { el, status };
}

export function settingsPage(actions: SettingsActions): SettingsPage {
  let account: Account | null = null;
  const kept = async (status: HTMLElement): Promise<void> => {
    if (!settingsFollowAccount()) return void (status.textContent = "Saved on this device");
    status.textContent = "Saving…";
    status.textContent = (await pushSettings()) ? "Saved to your account" : "Saved on this device (your account could not be reached)";
  };

  // Display name.
  const nameInput = h("input", { type: "text", maxlength: 24, dir: "auto", autocomplete: "nickname", testid: "settings-name" });
  const nameSave = h("button", { type: "button", testid: "settings-name-save" }, "Save name");
  const nameStatus = h("span", { class: "setting-status", testid: "settings-name-status", role: "status" });
  nameInput.id = "setting-settings-name";
  const nameRow = h(
    "div",
    { class: "setting" },
    h("label", { for: nameInput.id }, "Display name"),
    h("div", { class: "setting-control" }, nameInput, nameSave, nameStatus),
    h("p", { class: "setting-hint" }, "Shown at tables, to friends and on invitations."),
  );
  nameSave.addEventListener(
    "click",
    () =>
      void (async () => {
        const name = nameInput.value.trim();
        nameStatus.classList.remove("error");
        if (name === "") return void (nameStatus.textContent = "Type a name first.");
        nameSave.disabled = true;
        try {
          const a = await api.rename(name);
          account = a;
          nameInput.value = a.player.name;
          nameStatus.textContent = `Saved: you play as ${a.player.name}`;
          actions.renamed(a);
        } catch (err) {
          nameStatus.classList.add("error");
          nameStatus.textContent = (err as Error).message;
        } finally {
          nameSave.disabled = false;
        }
      })(),
  );

  // Sound.
  const sound = loadSoundPrefs();
  const soundSel = select(
    "settings-sound",
    "Sound",
    [
      ["on", "On"],
      ["off", "Off"],
    ] as const,
    sound.muted ? "off" : "on",
  );
  const soundRow = row("Sound", soundSel, "settings-sound");
  soundSel.addEventListener("change", () => {
    saveSoundPrefs({ ...loadSoundPrefs(), muted: soundSel.value === "off" });
    void kept(soundRow.status);
  });

  // Keyboard table.
  const kbd = select<KeyboardTableMode>(
    "settings-keyboard",
    "Keyboard table",
    [
      ["auto", "Auto (Tab or arrow keys)"],
      ["on", "On"],
      ["off", "Off"],
    ],
    keyboardTableMode(),
  );
  const kbdRow = row("Keyboard table", kbd, "settings-keyboard", "A panel of buttons for playing by keyboard, docked beside the table.");
  kbd.addEventListener("change", () => {
    setKeyboardTableMode(kbd.value as KeyboardTableMode);
    void kept(kbdRow.status);
  });

  // Motion.
  const s = loadSettings();
  const motion = select<MotionMode>(
    "settings-motion",
    "Motion",
    [
      ["system", "As this device asks"],
      ["reduce", "Reduce motion"],
      ["full", "Full motion"],
    ],
    s.motion,
  );
  const motionRow = row("Motion", motion, "settings-motion", "Reduced motion keeps cards from sliding and shaking.");
  motion.addEventListener("change", () => {
    saveSettings({ motion: motion.value as MotionMode });
    void kept(motionRow.status);
  });

  // Chat.
  const chat = select<ChatMode>(
    "settings-chat",
    "Chat",
    [
      ["all", "Everything"],
      ["phrases", "Quick phrases only"],
      ["off", "Off"],
    ],
    s.chat,
  );
  const chatRow = row("Chat at tables", chat, "settings-chat", "Quick phrases only hides typed messages from others.");
  chat.addEventListener("change", () => {
    saveSettings({ chat: chat.value as ChatMode });
    void kept(chatRow.status);
  });

  // Bot strength.
  const bots = select(
    "settings-bot-strength",
    "Bots play",
    BOT_STRENGTHS.map((k) => [k, k[0]!.toUpperCase() + k.slice(1)] as const),
    s.botStrength,
  );
  const botsRow = row("Bots play (Play now)", bots, "settings-bot-strength");
  bots.addEventListener("change", () => {
    saveSettings({ botStrength: bots.value as (typeof BOT_STRENGTHS)[number] });
    void kept(botsRow.status);
  });

  // Blocked players.
  const blockedList = h("ul", { class: "blocked-list", testid: "blocked-list" });
  const blockedNote = h("p", { class: "setting-hint", testid: "blocked-note" });
  const blockedStatus = h("p", { class: "setting-status", testid: "blocked-status", role: "status" });
  const blocked = h(
    "div",
    { class: "setting blocked", role: "group", "aria-labelledby": "blocked-title" },
    h("h3", { id: "blocked-title" }, "Blocked players"),
    blockedNote,
    blockedList,
    blockedStatus,
  );
  const loadBlocks = async (): Promise<void> => {
    if (!account || account.player.guest) {
      blockedList.replaceChildren();
      blockedNote.textContent = "Saved accounts can block players (at a table, in its ⚑ menu). Nobody is blocked.";
      return;
    }
    try {
      const { blocked: list } = await blocksCall<{ blocked: Blocked[] }>("GET", "/blocks");
      blockedNote.textContent =
        list.length === 0 ? "You have blocked nobody." : "Their chat is hidden from you and you are never seated together.";
      blockedList.replaceChildren(
        ...list.map((b) => {
          const unblock = h("button", { type: "button", testid: `unblock-${b.id}`, "aria-label": `Unblock ${b.name}` }, "Unblock");
          const li = h("li", { testid: `blocked-${b.id}` }, h("span", { class: "blocked-name", dir: "auto" }, b.name), unblock);
          unblock.addEventListener(
            "click",
            () =>
              void (async () => {
                if (
                  !(await confirmDialog({
                    title: `Unblock ${b.name}?`,
                    body: "You may be seated with them again and see their chat. A friendship the block ended does not come back: send a new request.",
                    yes: "Unblock",
                    no: "Keep blocked",
                  }))
                )
                  return;
                try {
                  await blocksCall("DELETE", `/blocks/${encodeURIComponent(b.id)}`);
                  li.remove();
                  blockedStatus.textContent = `${b.name} is unblocked.`;
                  if (blockedList.children.length === 0) blockedNote.textContent = "You have blocked nobody.";
                } catch (err) {
                  blockedStatus.textContent = (err as Error).message;
                }
              })(),
          );
          return li;
        }),
      );
    } catch (err) {
      blockedNote.textContent = `The block list could not be read: ${(err as Error).message}`;
    }
  };

  const el = h(
    "div",
    { class: "settings", testid: "settings" },
    nameRow,
    soundRow.el,
    kbdRow.el,
    motionRow.el,
    chatRow.el,
    botsRow.el,
    blocked,
  );
  return {
    el,
    account(a) {
      account = a;
      if (a && document.activeElement !== nameInput) nameInput.value = a.player.name;
      void loadBlocks();
    },
    refresh() {
      soundSel.value = loadSoundPrefs().muted ? "off" : "on";
      kbd.value = keyboardTableMode();
      const now = loadSettings();
      motion.value = now.motion;
      chat.value = now.chat;
      bots.value = now.botStrength;
      void loadBlocks();
    },
  };
}
