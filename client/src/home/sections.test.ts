/** The address names the home page's section; anything else opens Play. */
import { describe, expect, it } from "vitest";
import { hashOf, SECTIONS, sectionFromHash } from "./sections.ts";

describe("home sections", () => {
  it("reads each section from its own address, in any case and with a leading slash", () => {
    for (const s of SECTIONS) expect(sectionFromHash(hashOf(s.id))).toBe(s.id);
    expect(sectionFromHash("#/Settings")).toBe("settings");
    expect(sectionFromHash("#RANKED")).toBe("ranked");
  });

  it("opens Play for no hash, an empty one, or one naming no section", () => {
    for (const h of ["", "#", "#nowhere", "#play/extra", "#<script>"]) expect(sectionFromHash(h)).toBe("play");
  });

  it("lists the navigation in the order players meet it", () => {
    expect(SECTIONS.map((s) => s.label)).toEqual(["Play", "Ranked", "Learn", "Watch", "Profile", "Friends", "Settings"]);
  });
});
