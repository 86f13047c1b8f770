/**
 * The home page's sections and the address that names one (`#ranked`, `#settings`...): pure, so
 * the unit tests read it without a page. Play is the default: an address naming no section (an
 * old link, `#`, a typo) opens Play rather than an empty page.
 */
export const SECTIONS = [
  { id: "play", label: "Play" },
  { id: "ranked", label: "Ranked" },
  { id: "learn", label: "Learn" },
  { id: "watch", label: "Watch" },
  { id: "profile", label: "Profile" },
  { id: "friends", label: "Friends" },
  { id: "settings", label: "Settings" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

export const DEFAULT_SECTION: SectionId = "play";

/** The section an address's hash names (`#settings`, `#/settings`, any case), else Play. */
export function sectionFromHash(hash: string): SectionId {
  const id = hash.replace(/^#\/?/, "").trim().toLowerCase();
  return SECTIONS.find((s) => s.id === id)?.id ?? DEFAULT_SECTION;
}

export function hashOf(id: SectionId): string {
  return `#${id}`;
}
