/**
 * The player's settings kept in this browser (localStorage): chat (everything, quick phrases
 * only, off), motion (follow the system's `prefers-reduced-motion`, reduce, full) and the bot
 * strength a tile's Play now asks for. Sound and the keyboard table keep their own keys
 * (social/sounds.ts, a11y/dock.ts); `settingsDoc` gathers all of them into the document a saved
 * account keeps on the server (`settings` in `/api/me/preferences`, docs/API.md) and
 * `applySettingsDoc` writes such a document back here. The sanitising and the motion rule are
 * pure (settings-store.test.ts).
 */
import { BOT_STRENGTHS, type BotStrength } from "@scat/shared";
import { keyboardTableMode, setKeyboardTableMode, type KeyboardTableMode } from "../a11y/dock.ts";
import { loadSoundPrefs, saveSoundPrefs } from "../social/sounds.ts";

export const CHAT_MODES = ["all", "phrases", "off"] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
export const MOTION_MODES = ["system", "reduce", "full"] as const;
export type MotionMode = (typeof MOTION_MODES)[number];

export interface Settings {
  readonly chat: ChatMode;
  readonly motion: MotionMode;
  readonly botStrength: BotStrength;
}

export const DEFAULT_SETTINGS: Settings = { chat: "all", motion: "system", botStrength: "normal" };

/** The server's `settings` document (server/src/preferences/store.ts). */
export interface SettingsDoc {
  sound?: "on" | "off";
  volume?: number;
  keyboardTable?: KeyboardTableMode;
  motion?: MotionMode;
  chat?: ChatMode;
  botStrength?: BotStrength;
}

const KEY = "scat.settings";
const listeners = new Set<(s: Settings) => void>();

const pick = <T extends string>(all: readonly T[], v: unknown, fallback: T): T =>
  (all as readonly unknown[]).includes(v) ? (v as T) : fallback;

/** A stored or received value made valid: unknown values fall back to the defaults. */
export function sanitizeSettings(raw: unknown): Settings {
  const o = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return {
    chat: pick(CHAT_MODES, o["chat"], DEFAULT_SETTINGS.chat),
    motion: pick(MOTION_MODES, o["motion"], DEFAULT_SETTINGS.motion),
    botStrength: pick(BOT_STRENGTHS, o["botStrength"], DEFAULT_SETTINGS.botStrength),
  };
}

/** Whether to reduce motion: the player's choice, else the system's. */
export function motionReduced(mode: MotionMode, systemPrefersReduced: boolean): boolean {
  return mode === "reduce" || (mode === "system" && systemPrefersReduced);
}

export function loadSettings(): Settings {
  try {
    return sanitizeSettings(JSON.parse(localStorage.getItem(KEY) ?? "{}"));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(change: Partial<Settings>): Settings {
  const next = sanitizeSettings({ ...loadSettings(), ...change });
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyMotion(next);
  for (const fn of listeners) fn(next);
  return next;
}

export function onSettingsChange(fn: (s: Settings) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function systemReduced(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Whether the page reduces motion now (the setting, or the system when the setting follows it). */
export function reduceMotionNow(): boolean {
  return motionReduced(loadSettings().motion, systemReduced());
}

/** The page's root carries the choice, so style sheets honour it as they honour the media query. */
export function applyMotion(s: Settings = loadSettings()): void {
  if (typeof document === "undefined") return;
  document.documentElement.dataset["motion"] = motionReduced(s.motion, systemReduced()) ? "reduce" : "full";
}

/** Everything the settings page sets, as the server keeps it. */
export function settingsDoc(): SettingsDoc {
  const s = loadSettings();
  const sound = loadSoundPrefs();
  return {
    sound: sound.muted ? "off" : "on",
    volume: Math.round(sound.volume * 100) / 100,
    keyboardTable: keyboardTableMode(),
    motion: s.motion,
    chat: s.chat,
    botStrength: s.botStrength,
  };
}

/** A saved account's settings (from the server) made this browser's. */
export function applySettingsDoc(doc: SettingsDoc): void {
  const sound = loadSoundPrefs();
  const volume = typeof doc.volume === "number" && doc.volume >= 0 && doc.volume <= 1 ? doc.volume : sound.volume;
  saveSoundPrefs({ ...sound, muted: doc.sound === undefined ? sound.muted : doc.sound === "off", volume });
  if (doc.keyboardTable) setKeyboardTableMode(doc.keyboardTable);
  saveSettings({ ...loadSettings(), ...sanitizePartial(doc) });
}

function sanitizePartial(doc: SettingsDoc): Partial<Settings> {
  const s = sanitizeSettings(doc);
  return {
    ...(doc.chat !== undefined ? { chat: s.chat } : {}),
    ...(doc.motion !== undefined ? { motion: s.motion } : {}),
    ...(doc.botStrength !== undefined ? { botStrength: s.botStrength } : {}),
  };
}
