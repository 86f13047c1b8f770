/**
 * The word filter on its own (social/chat/filter.ts, names/words.ts): what an outside audit hid a
 * listed word with (invisible characters between letters, Hangul fillers) and the next steps a
 * determined player takes (soft hyphen, spaced letters, repeats, leet speak, full-width and
 * look-alike letters) are all caught, and a list of ordinary words, names and place names that
 * hold a listed word inside them is not. The chat path that uses it is in chat.test.ts.
 */
import { describe, expect, it } from "vitest";
import { cleanText, isProfane } from "../../src/social/chat/filter.ts";

const said = (raw: string): boolean => isProfane(cleanText(raw) ?? "");

/** A listed word with something between its letters, as it arrives. */
const between = (word: string, sep: string): string => [...word].join(sep);

describe("chat word filter", () => {
  it.each([
    ["combining grapheme joiner", between("fuck", "\u034f")],
    ["variation selector 16", between("nigger", "\ufe0f")],
    ["variation selector 15", between("cunt", "\ufe0e")],
    ["Hangul choseong filler", between("fuck", "\u115f")],
    ["Hangul jungseong filler", between("fuck", "\u1160")],
    ["Hangul filler", between("fuck", "\u3164")],
    ["half-width Hangul filler", between("fuck", "\uffa0")],
    ["Mongolian vowel separator", between("fuck", "\u180e")],
    ["word joiner", between("fuck", "\u2060")],
    ["soft hyphen", between("faggot", "\u00ad")],
    ["bidi isolate", between("fuck", "\u2066")],
    ["tag characters", between("fuck", "\u{e0041}")],
    ["zero-width space", between("shit", "\u200b")],
  ])("catches a word with a %s between its letters", (_what, text) => {
    expect(said(text)).toBe(true);
    expect(said(`well ${text} you`)).toBe(true);
  });

  it.each([
    ["spaced letters", "f u c k you"],
    ["dotted letters", "you s.h.i.t"],
    ["dashed letters", "n-i-g-g-e-r"],
    ["spaced, with repeats", "f u u u c k"],
    ["repeated letters", "fuuuuuck"],
    ["leet speak", "sh1t"],
    ["leet speak", "n1gg3r"],
    ["full-width letters", "\uff46\uff55\uff43\uff4b"],
    ["capitals and full-width", "\uff26\uff35\uff23\uff2b"],
    ["Cyrillic look-alikes", "fu\u0441k"],
    ["Armenian look-alike", "f\u057Dck"],
    ["Greek and Cyrillic look-alikes", "\u0455h\u0456t"],
    ["accents", "f\u00fcck"],
    ["stacked accents", "fu\u0301\u0302ck"],
    ["mathematical letters", "\u{1d41f}\u{1d42e}\u{1d41c}\u{1d424}"],
    ["circled letters", "\u24d5\u24e4\u24d2\u24da"],
    ["look-alikes, spaced and hidden", "f\u034f \u0443 c\u3164 k"],
    ["emoji between letters", "f\u{1f642}u\u{1f642}c\u{1f642}k"],
    ["underscores and capitals", "F_U_C_K"],
  ])("catches %s: %j", (_what, text) => {
    expect(said(text)).toBe(true);
  });

  it("lets ordinary words, names and places through, also spaced or repeated", () => {
    const ordinary = [
      "Scunthorpe",
      "Penistone",
      "Sussex",
      "Middlesex",
      "Essex",
      "Cockermouth",
      "Shitterton",
      "Clitheroe",
      "Dickens",
      "Matsushita",
      "Hancock",
      "Cockburn",
      "Hitchcock",
      "Kuntz",
      "cocktail",
      "peacock",
      "shuttlecock",
      "assassin",
      "classic",
      "bass",
      "passage",
      "compass",
      "analysis",
      "therapist",
      "cumulative",
      "document",
      "circumstance",
      "shiitake",
      "Shih Tzu",
      "grape",
      "scrap",
      "butter",
      "button",
      "sextant",
      "Sextet",
      "Essex",
      "pussy willow",
      "hello world",
      "good game, well played",
      "I am a b c d e f player",
      "a b c",
      "s o s",
      "see you at 9 p m",
      "t h a n k s",
      "l o l",
      "w p",
      "g g",
      "o k",
      "u r good",
      "I a m here",
      "gg wp",
      "nice hand!",
      "ooooh",
      "sooo good",
      "yessss",
      "nooooo",
      "ha ha ha",
      "hmm",
      "brb",
      "skill issue",
      "the 5th trick",
      "a 2 of hearts",
      "3 4 5 6 7",
      "K Q J",
      "A-K-Q",
      "x x x",
      "Shiitake risotto",
      "rapeseed oil",
      "summa cum laude",
      "Anusha",
      "Dikshit",
      "Dickson",
      "Slutsk",
      "gg, good scat",
      "Devil's Scat",
      "Skit Scat?",
      "Scat Tables",
      "Scatterbrain",
      "Zoë",
      "Иван",
      "山田太郎",
      "Ελένη",
      "محمد",
      "김 Kim",
      "やまだ Taro",
      "❤️ nice",
      "👍🏽",
    ];
    for (const text of ordinary) expect(said(text), JSON.stringify(text)).toBe(false);
  });

  it("keeps what it shows readable: invisible characters out, an emoji's variation selector kept", () => {
    expect(cleanText("f\u034fo\u3164o\u00adb\u200ba\u2066r")).toBe("foobar");
    expect(cleanText("\u3164\u115f\u034f")).toBeNull();
    expect(cleanText("nice \u2764\ufe0f")).toBe("nice \u2764\ufe0f");
  });
});
