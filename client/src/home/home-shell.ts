/**
 * The home page's frame: the title, the main navigation (Play, Ranked, Learn, Watch, Profile,
 * Friends, Settings: real links, so the keyboard, the back button and a shared address all work)
 * and one section shown at a time in the main landmark. The section follows the address's hash
 * (`#ranked`), so a reload or a return from a table comes back to it. Notices that concern every
 * section (your game in progress, an invitation) sit between the navigation and the section.
 */
import { h } from "../ui/dom.ts";
import { hashOf, SECTIONS, sectionFromHash, type SectionId } from "./sections.ts";
import "./home.css";

export interface HomeShell {
  /** The frame's parts, in order, for the lobby form to hold. */
  readonly parts: readonly HTMLElement[];
  readonly notices: HTMLElement;
  section(id: SectionId): HTMLElement;
  current(): SectionId;
  /** Shows a section (and names it in the address); `focus` moves the focus to its heading. */
  show(id: SectionId, focus?: boolean): void;
  /** Called after each change of section. */
  onShow(fn: (id: SectionId) => void): void;
  destroy(): void;
}

export function homeShell(): HomeShell {
  const links = SECTIONS.map((s) =>
    h("a", { href: hashOf(s.id), class: "home-nav-link", testid: `nav-${s.id}`, "data-section": s.id }, s.label),
  );
  const nav = h("nav", { class: "home-nav", "aria-label": "Main" }, h("ul", {}, ...links.map((a) => h("li", {}, a))));
  const header = h("header", { class: "home-head" }, h("h1", {}, "Scat Tables"), nav);
  const notices = h("div", { class: "home-notices", testid: "lobby-notices" });
  const sections = new Map<SectionId, HTMLElement>(
    SECTIONS.map((s) => [
      s.id,
      h(
        "section",
        {
          class: `home-section home-${s.id}`,
          id: `home-${s.id}`,
          testid: `section-${s.id}`,
          "aria-labelledby": `home-${s.id}-title`,
          hidden: true,
        },
        h("h2", { id: `home-${s.id}-title`, tabindex: -1 }, s.label),
      ),
    ]),
  );
  const main = h("main", { class: "home-main" }, ...sections.values());
  let shown: SectionId | null = null;
  const listeners: ((id: SectionId) => void)[] = [];

  const show = (id: SectionId, focus = false): void => {
    if (location.hash !== hashOf(id) && !(shown === null && location.hash === "" && id === "play")) {
      history.replaceState(history.state, "", hashOf(id));
    }
    for (const [key, el] of sections) el.hidden = key !== id;
    for (const a of links) {
      if (a.dataset["section"] === id) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    shown = id;
    if (focus) sections.get(id)?.querySelector<HTMLElement>("h2")?.focus();
    for (const fn of listeners) fn(id);
  };
  // A link is followed by the page (the hash changes, the back button returns); the click only
  // moves the focus into the section, where a screen reader then starts reading.
  for (const a of links)
    a.addEventListener("click", (e) => {
      e.preventDefault();
      const id = sectionFromHash(a.getAttribute("href") ?? "");
      if (location.hash !== hashOf(id)) history.pushState(history.state, "", hashOf(id));
      show(id, true);
    });
  const onHash = (): void => show(sectionFromHash(location.hash));
  window.addEventListener("hashchange", onHash);
  window.addEventListener("popstate", onHash);
  return {
    parts: [header, notices, main],
    notices,
    section: (id) => sections.get(id)!,
    current: () => shown ?? sectionFromHash(location.hash),
    show,
    onShow: (fn) => void listeners.push(fn),
    destroy() {
      window.removeEventListener("hashchange", onHash);
      window.removeEventListener("popstate", onHash);
    },
  };
}
