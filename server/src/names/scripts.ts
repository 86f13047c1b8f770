/**
 * Which scripts a name's letters come from, and whether the mix passes Unicode TR 39's "Highly
 * Restrictive" level (section 5.2): every character's Script_Extensions (Common and Inherited
 * count as any script) fits one script, or one of the sets Japanese, Chinese and Korean writing
 * mixes with Latin: Latin + Han + Hiragana + Katakana, Latin + Han + Bopomofo, Latin + Han +
 * Hangul. So "Вooѕter" (Cyrillic В and ѕ among Latin letters) is refused, "Иван", "山田太郎",
 * "やまだ Taro" and "Zoë" pass. "Moderately Restrictive" (Latin with any other script but
 * Cyrillic and Greek) is not used: a display name is short, and one script per name is what a
 * player expects to read.
 *
 * The engine's own Unicode data answers (regular expressions' `\p{scx=…}`), so the scripts are
 * those of the running Node's Unicode version; a name is never refused for a script the engine
 * does not know (such a letter then counts as Common).
 */

/** Every Unicode script but Common, Inherited and Unknown (Unicode 16). */
const SCRIPT_NAMES = [
  "Adlam",
  "Ahom",
  "Anatolian_Hieroglyphs",
  "Arabic",
  "Armenian",
  "Avestan",
  "Balinese",
  "Bamum",
  "Bassa_Vah",
  "Batak",
  "Bengali",
  "Bhaiksuki",
  "Bopomofo",
  "Brahmi",
  "Braille",
  "Buginese",
  "Buhid",
  "Canadian_Aboriginal",
  "Carian",
  "Caucasian_Albanian",
  "Chakma",
  "Cham",
  "Cherokee",
  "Chorasmian",
  "Coptic",
  "Cuneiform",
  "Cypriot",
  "Cypro_Minoan",
  "Cyrillic",
  "Deseret",
  "Devanagari",
  "Dives_Akuru",
  "Dogra",
  "Duployan",
  "Egyptian_Hieroglyphs",
  "Elbasan",
  "Elymaic",
  "Ethiopic",
  "Garay",
  "Georgian",
  "Glagolitic",
  "Gothic",
  "Grantha",
  "Greek",
  "Gujarati",
  "Gunjala_Gondi",
  "Gurmukhi",
  "Gurung_Khema",
  "Han",
  "Hangul",
  "Hanifi_Rohingya",
  "Hanunoo",
  "Hatran",
  "Hebrew",
  "Hiragana",
  "Imperial_Aramaic",
  "Inscriptional_Pahlavi",
  "Inscriptional_Parthian",
  "Javanese",
  "Kaithi",
  "Kannada",
  "Katakana",
  "Kawi",
  "Kayah_Li",
  "Kharoshthi",
  "Khitan_Small_Script",
  "Khmer",
  "Khojki",
  "Khudawadi",
  "Kirat_Rai",
  "Lao",
  "Latin",
  "Lepcha",
  "Limbu",
  "Linear_A",
  "Linear_B",
  "Lisu",
  "Lycian",
  "Lydian",
  "Mahajani",
  "Makasar",
  "Malayalam",
  "Mandaic",
  "Manichaean",
  "Marchen",
  "Masaram_Gondi",
  "Medefaidrin",
  "Meetei_Mayek",
  "Mende_Kikakui",
  "Meroitic_Cursive",
  "Meroitic_Hieroglyphs",
  "Miao",
  "Modi",
  "Mongolian",
  "Mro",
  "Multani",
  "Myanmar",
  "Nabataean",
  "Nag_Mundari",
  "Nandinagari",
  "New_Tai_Lue",
  "Newa",
  "Nko",
  "Nushu",
  "Nyiakeng_Puachue_Hmong",
  "Ogham",
  "Ol_Chiki",
  "Ol_Onal",
  "Old_Hungarian",
  "Old_Italic",
  "Old_North_Arabian",
  "Old_Permic",
  "Old_Persian",
  "Old_Sogdian",
  "Old_South_Arabian",
  "Old_Turkic",
  "Old_Uyghur",
  "Oriya",
  "Osage",
  "Osmanya",
  "Pahawh_Hmong",
  "Palmyrene",
  "Pau_Cin_Hau",
  "Phags_Pa",
  "Phoenician",
  "Psalter_Pahlavi",
  "Rejang",
  "Runic",
  "Samaritan",
  "Saurashtra",
  "Sharada",
  "Shavian",
  "Siddham",
  "SignWriting",
  "Sinhala",
  "Sogdian",
  "Sora_Sompeng",
  "Soyombo",
  "Sundanese",
  "Sunuwar",
  "Syloti_Nagri",
  "Syriac",
  "Tagalog",
  "Tagbanwa",
  "Tai_Le",
  "Tai_Tham",
  "Tai_Viet",
  "Takri",
  "Tamil",
  "Tangsa",
  "Tangut",
  "Telugu",
  "Thaana",
  "Thai",
  "Tibetan",
  "Tifinagh",
  "Tirhuta",
  "Todhri",
  "Toto",
  "Tulu_Tigalari",
  "Ugaritic",
  "Vai",
  "Vithkuqi",
  "Wancho",
  "Warang_Citi",
  "Yezidi",
  "Yi",
  "Zanabazar_Square",
] as const;

const SCRIPTS: readonly { name: string; test: RegExp }[] = SCRIPT_NAMES.flatMap((name) => {
  try {
    return [{ name, test: new RegExp(`^\\p{scx=${name}}$`, "u") }];
  } catch {
    return [];
  }
});

const ASCII_LETTER = /^[A-Za-z]$/;
const LETTER_OR_MARK_OR_DIGIT = /^[\p{L}\p{M}\p{N}]$/u;

/** Answers already worked out, by character (a name's letters repeat across names); bounded. */
const known = new Map<string, readonly string[]>();
const KNOWN_MAX = 4096;
const NONE: readonly string[] = [];
const LATIN: readonly string[] = ["Latin"];

/** The scripts a character may belong to (its Script_Extensions); empty for Common and Inherited. */
export function scriptsOf(char: string): readonly string[] {
  if (ASCII_LETTER.test(char)) return LATIN;
  if (!LETTER_OR_MARK_OR_DIGIT.test(char)) return NONE;
  let scripts = known.get(char);
  if (scripts === undefined) {
    // About 170 property tests: a few µs per character, so remembered.
    scripts = SCRIPTS.filter((s) => s.test.test(char)).map((s) => s.name);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(char, scripts);
  }
  return scripts;
}

/** The combinations TR 39's Highly Restrictive level allows besides a single script. */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set(["Latin", "Han", "Bopomofo"]),
  new Set(["Latin", "Han", "Hangul"]),
];

export type ScriptCheck = { ok: true } | { ok: false; scripts: readonly string[] };

/** Whether a (normalised) name's letters stay within one script or one allowed mix. */
export function checkScripts(name: string): ScriptCheck {
  const sets: (readonly string[])[] = [];
  for (const char of name) {
    const s = scriptsOf(char);
    if (s.length > 0) sets.push(s);
  }
  if (sets.length === 0) return { ok: true };
  // Single script: one script is in every character's set (the resolved script set is not empty).
  const common = sets.reduce<readonly string[]>((acc, s) => acc.filter((x) => s.includes(x)), sets[0]!);
  if (common.length > 0) return { ok: true };
  // Covered by an allowed mix: every character may be read as one of the mix's scripts.
  if (ALLOWED_MIXES.some((mix) => sets.every((s) => s.some((x) => mix.has(x))))) return { ok: true };
  return { ok: false, scripts: distinctFirstScripts(sets) };
}

/** The scripts to name in a refusal, in order of first use. */
function distinctFirstScripts(sets: readonly (readonly string[])[]): readonly string[] {
  const seen: string[] = [];
  for (const s of sets) if (!s.some((x) => seen.includes(x))) seen.push(s[0]!);
  return seen;
}
