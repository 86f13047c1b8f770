/**
 * Display names that pass for the site's staff, or hold a word the chat refuses: both refused by
 * the name rules (names/validate.ts) with a reason that says which, through look-alike letters,
 * digits, case, full-width forms and spacing; ordinary names that merely contain such letters pass.
 */
import { describe, expect, it } from "vitest";
import { checkDisplayName } from "../../src/names/validate.ts";

const refused = (name: string): string => {
  const c = checkDisplayName(name);
  expect(c.ok, JSON.stringify(name)).toBe(false);
  return c.ok ? "" : c.reason;
};

describe("staff names are reserved", () => {
  it.each([
    ["Admin", "Admin"],
    ["ADMIN", "Admin"],
    ["admin", "Admin"],
    ["Adm1n", "Admin"],
    ["4dmin", "Admin"],
    ["\uff21\uff44\uff4d\uff49\uff4e", "Admin"], // full-width
    ["A d m i n", "Admin"],
    ["Ad.min", "Admin"],
    ["Admin2", "Admin"],
    ["Admins", "Admin"],
    ["The Admin", "Admin"],
    ["TheAdmin", "Admin"],
    ["Site_Administrator", "Administrator"],
    ["Moderator", "Moderator"],
    ["M0derat0r", "Moderator"],
    ["Mod", "Mod"],
    ["Operator", "Operator"],
    ["0perator", "Operator"],
    ["Staff", "Staff"],
    ["STAFF", "Staff"],
    ["Support", "Support"],
    ["Supp0rt Team", "Support"],
    ["System", "System"],
    ["Official", "Official"],
  ])("refuses %j as %j", (name, staff) => {
    const reason = refused(name);
    expect(reason).toContain(`"${staff}"`);
    expect(reason).toMatch(/staff/);
  });

  it("refuses a staff title with a letter of another alphabet (by the script rule, before any key is taken)", () => {
    expect(refused("\u0410dmin")).toMatch(/alphabets \(Cyrillic and Latin\)/); // Cyrillic А
    expect(refused("\u0405ystem")).toMatch(/alphabets/); // Cyrillic Ѕ
  });

  it.each([
    "Admiral",
    "Badminton",
    "Modest Mouse",
    "Staffordshire",
    "Systematic",
    "Supporter of Leeds",
    "Cooperator",
    "Ada Min",
    "Edmund",
    "Madison",
    "Ops",
  ])("accepts %j", (name) => {
    expect(checkDisplayName(name)).toEqual({ ok: true, name });
  });
});

describe("display names get the word filter", () => {
  it.each(["Fuck", "FuckFace", "Big F\u00fcck", "sh1thead", "N1gg3r", "f u c k", "\uff46\uff55\uff43\uff4b", "\u0455\u04bb\u0456\u0442"])(
    "refuses %j",
    (name) => {
      const reason = refused(name);
      expect(reason).toMatch(/word/);
      expect(reason).not.toContain(name); // the refusal does not repeat it
    },
  );

  it.each([
    "Scunthorpe",
    "Penistone",
    "Dickens",
    "Hancock",
    "Cockburn",
    "Matsushita",
    "Kuntz",
    "Sussex Sam",
    "Ann Cassidy",
    "Grape Ape",
    "Therapist",
    "Scat Fan",
    "SkitScat 9",
  ])("accepts %j", (name) => {
    expect(checkDisplayName(name)).toEqual({ ok: true, name });
  });
});
