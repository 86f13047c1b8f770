/** The settings' pure parts: what a stored or received value becomes, and when motion is reduced. */
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, motionReduced, sanitizeSettings } from "./settings-store.ts";

describe("settings", () => {
  it("keeps known values and replaces unknown ones with the defaults", () => {
    expect(sanitizeSettings({ chat: "phrases", motion: "reduce", botStrength: "easy" })).toEqual({
      chat: "phrases",
      motion: "reduce",
      botStrength: "easy",
    });
    expect(sanitizeSettings({ chat: "shout", motion: 3, botStrength: "godlike", extra: 1 })).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings("all")).toEqual(DEFAULT_SETTINGS);
  });

  it("reduces motion when asked, or when following a system that asks", () => {
    expect(motionReduced("reduce", false)).toBe(true);
    expect(motionReduced("full", true)).toBe(false);
    expect(motionReduced("system", true)).toBe(true);
    expect(motionReduced("system", false)).toBe(false);
  });
});
