/**
 * The home page's Play section (HTML over the canvas) inside the home frame (home/home-shell.ts):
 * each game a tile with its own one-tap Play now (the game's usual table, bots in the other
 * seats, the settings' bot strength), the chosen game's Table options behind a disclosure (size,
 * bots, turn time, variants) with Play and Create private table, and a code from a friend. The
 * other sections (ranked, learn, watch, profile, friends, settings) are filled by the lobby scene.
 * What a button caused (a note while joining, a refusal) is said right below that button.
 * Games, their seat ranges and variants come from the registry (games/registry.ts).
 */
import { BOT_STRENGTHS, type BotStrength } from "@scat/shared";
import { DEFAULT_GAME, gameModule, lobbyGames, seatRange } from "../games/registry.ts";
import { loadName } from "../net/storage.ts";
import { sanitizeOptions, type TableOptions } from "../net/table-options.ts";
import type { JoinProblem } from "../net/errors.ts";
import { byTestId, h, uiRoot } from "./dom.ts";
import { joinRow, showProblem } from "./lobby-join.ts";
import { homeShell, type HomeShell } from "../home/home-shell.ts";
import type { SectionId } from "../home/sections.ts";
import { loadSettings } from "../settings/settings-store.ts";
import { readVariantControls, renderVariantControls } from "./variant-controls.ts";

export interface LobbyActions {
  quickPlay(o: TableOptions): void;
  /** A tile's Play now: that game's usual table (the options are not read). */
  playNow?(o: TableOptions): void;
  createPrivate(o: TableOptions): void;
  joinByCode(code: string, o: TableOptions): void;
  watchByCode(code: string, o: TableOptions): void;
  showRules(game: string): void;
  /** The player changed the name field (the account is renamed: scenes/lobby-scene.ts). */
  nameChanged?(): void;
  /** The player picked a game (the guided first game is offered: tutorial/offer.ts). */
  gamePicked?(game: string): void;
}

export interface LobbyForm {
  setBusy(busy: boolean, note?: string): void;
  /** A sentence (a refusal) right below `near` (else where the last action was made); null clears it. */
  setError(message: string | null, near?: Element): void;
  /** The name field as typed (trimmed; "" when empty). */
  typedName(): string;
  /**
   * Shows the account's name in the name field, unless the player has typed in it since the
   * field was last filled (`force`: the name the account now has, after a rename).
   */
  setName(name: string, force?: boolean): void;
  /** The server's reason a name was refused, next to the name field (null clears it). */
  setNameError(message: string | null): void;
  focusName(): void;
  /** A failed join: its sentence and the way on (watch instead, check the code...). */
  setProblem(problem: JoinProblem, code: string | null): void;
  /**
   * An invitation link for a new visitor: the code filled in, the (generated) name offered for a change; `about`
   * names the game and options, which the form then shows (social/table-info.ts); `closed` says why
   * the table takes nobody new: the banner then offers Watch and asks no name.
   */
  invite(code: string, watch: boolean, about?: { text: string; options: TableOptions; closed?: string | null } | null): void;
  /** Joins or watches a table of the live list, with the same checks as the code field. */
  joinTable(roomId: string): void;
  watchTable(roomId: string): void;
  /** Adds a part at the end of a section of the home page (Play when none is named). */
  append(el: HTMLElement, section?: SectionId): void;
  /** The home page's frame: its sections and navigation. */
  readonly shell: HomeShell;
  /** Shows a notice above the sections (your game in progress, an invitation), or atop one section. */
  notice(el: HTMLElement, section?: SectionId): void;
  destroy(): void;
}

/**
 * A tile per game: picking it (the tile) chooses the game for the options below; its Play now
 * starts at once. The radio is named by the title alone (the tile's buttons are its own).
 */
function gamePicker(selected: string): HTMLElement {
  return h(
    "div",
    { class: "games", role: "radiogroup", "aria-label": "Game" },
    ...lobbyGames().map((g) =>
      h(
        "label",
        { class: `game-tile${g.playable ? "" : " soon"}`, testid: `game-${g.id}` },
        h("input", {
          type: "radio",
          name: "game",
          value: g.id,
          disabled: !g.playable,
          checked: g.id === selected,
          "aria-labelledby": `tile-${g.id}-title`,
          "aria-describedby": `tile-${g.id}-blurb`,
        }),
        h("span", { class: "game-title", id: `tile-${g.id}-title` }, g.title),
        h("span", { class: "game-blurb", id: `tile-${g.id}-blurb` }, g.playable ? g.blurb : "Coming soon"),
        g.playable &&
          h(
            "button",
            {
              type: "button",
              class: "rules-link",
              testid: `rules-${g.id}`,
              "data-game": g.id,
              "aria-label": `How to play ${g.title}`,
              title: `How to play ${g.title}`,
            },
            "?",
          ),
        g.playable &&
          h(
            "button",
            {
              type: "button",
              class: "play-now primary",
              testid: `play-now-${g.id}`,
              "data-game": g.id,
              "aria-label": `Play now: ${g.title}`,
            },
            "Play now",
          ),
      ),
    ),
  );
}

/** A tile's Play now: the game's usual size, a bot in every other seat, the settings' bot strength. */
export function playNowOptions(game: string): TableOptions {
  return sanitizeOptions({ game: game as TableOptions["game"], botStrength: loadSettings().botStrength });
}

function numberSelect(testid: string, from: number, to: number, value: number): HTMLSelectElement {
  const sel = h("select", { testid });
  for (let n = from; n <= to; n++) sel.append(h("option", { value: n, selected: n === value }, String(n)));
  return sel;
}

function strengthSelect(value: BotStrength): HTMLSelectElement {
  const sel = h("select", { testid: "bot-strength-select" });
  for (const k of BOT_STRENGTHS) sel.append(h("option", { value: k, selected: k === value }, k[0]!.toUpperCase() + k.slice(1)));
  return sel;
}

function field(label: string, control: HTMLElement): HTMLElement {
  return h("label", { class: "field" }, h("span", {}, label), control);
}

function build(o: TableOptions, shell: HomeShell): HTMLFormElement {
  const range = seatRange(o.game);
  const form = h("form", { class: "lobby panel home", testid: "lobby", autocomplete: "off" }, ...shell.parts);
  shell.section("play").append(
    // Optional: the account's name fills it, and an empty field plays under that name.
    h(
      "div",
      { class: "name-row" },
      field(
        "Your name (optional: you have one already)",
        h("input", {
          type: "text",
          maxlength: 24,
          placeholder: "Your name",
          value: loadName(),
          testid: "name-input",
          dir: "auto",
          autocomplete: "nickname",
        }),
      ),
      h("p", { class: "error name-error", testid: "name-error", role: "alert" }),
    ),
    gamePicker(o.game),
    h(
      "div",
      { class: "buttons play-buttons" },
      h("button", { type: "submit", class: "primary", testid: "quick-play" }, "Quick play"),
      h("button", { type: "button", testid: "create-private" }, "Create private table"),
      h(
        "button",
        {
          type: "button",
          class: "options-toggle",
          testid: "table-options-toggle",
          "aria-expanded": "false",
          "aria-controls": "table-options",
        },
        "Table options",
      ),
    ),
    h(
      "div",
      { class: "feedback", testid: "lobby-feedback" },
      h("p", { class: "note", testid: "lobby-note", role: "status" }),
      h("div", { class: "error", testid: "lobby-error", role: "alert" }),
    ),
    h(
      "div",
      { class: "table-options", id: "table-options", testid: "table-options", hidden: true },
      h(
        "div",
        { class: "row" },
        field("Players", numberSelect("seats-select", range.min, range.max, o.seats)),
        field("Bots", numberSelect("bots-select", 0, o.seats - 1, o.bots)),
        field("Bots play", strengthSelect(o.botStrength ?? loadSettings().botStrength)),
        field("Turn (s)", h("input", { type: "number", min: 10, max: 120, step: 5, value: o.turnSeconds, testid: "turn-input" })),
      ),
      h("div", { class: "variants", testid: "variants" }),
    ),
    h(
      "div",
      { class: "join-card", role: "group", "aria-labelledby": "join-card-title" },
      h("h3", { id: "join-card-title" }, "Join a friend's table"),
      joinRow(),
    ),
  );
  return form;
}

function chosenGame(form: HTMLElement): string {
  return form.querySelector<HTMLInputElement>('input[name="game"]:checked')?.value ?? DEFAULT_GAME;
}

function renderVariants(form: HTMLElement, o: TableOptions): void {
  renderVariantControls(byTestId(form, "variants"), gameModule(o.game)?.variants ?? [], o.seats, o.variants);
}

function readOptions(form: HTMLElement): TableOptions {
  const game = chosenGame(form);
  return sanitizeOptions({
    game: gameModule(game)?.id ?? DEFAULT_GAME,
    seats: Number(byTestId<HTMLSelectElement>(form, "seats-select").value),
    bots: Number(byTestId<HTMLSelectElement>(form, "bots-select").value),
    botStrength: byTestId<HTMLSelectElement>(form, "bot-strength-select").value as BotStrength,
    turnSeconds: Number(byTestId<HTMLInputElement>(form, "turn-input").value),
    variants: readVariantControls(byTestId(form, "variants"), gameModule(game)?.variants ?? []),
  });
}

/** Bots follow the table size: at most size-1, and size-1 when the size changes. */
function onSeatsChange(form: HTMLElement): void {
  const seats = Number(byTestId<HTMLSelectElement>(form, "seats-select").value);
  byTestId(form, "bots-select").replaceWith(numberSelect("bots-select", 0, seats - 1, seats - 1));
  renderVariants(form, readOptions(form));
}

/** Another game: its seat range (keeping the size when it fits) and its variants. */
function onGameChange(form: HTMLElement): void {
  const o = readOptions(form);
  const range = seatRange(o.game);
  byTestId(form, "seats-select").replaceWith(numberSelect("seats-select", range.min, range.max, o.seats));
  byTestId(form, "seats-select").addEventListener("change", () => onSeatsChange(form));
  // Quick play must make a table that starts: every seat but the player's own gets a bot.
  byTestId(form, "bots-select").replaceWith(numberSelect("bots-select", 0, o.seats - 1, o.seats - 1));
  renderVariants(form, o);
}

/** The form shows a table's options (an invitation's): its game, size, turn time and variants. */
function showOptions(form: HTMLElement, o: TableOptions): void {
  const radio = form.querySelector<HTMLInputElement>(`input[name="game"][value="${o.game}"]`);
  if (radio && !radio.checked) {
    radio.checked = true;
    onGameChange(form);
  }
  const seats = byTestId<HTMLSelectElement>(form, "seats-select");
  if ([...seats.options].some((x) => x.value === String(o.seats)) && seats.value !== String(o.seats)) {
    seats.value = String(o.seats);
    onSeatsChange(form);
  }
  byTestId<HTMLInputElement>(form, "turn-input").value = String(o.turnSeconds);
  renderVariants(form, o);
}

/** The row, tile grid or list entry a control belongs to: what it caused is said right below it. */
function rowOf(el: Element | null, form: HTMLElement): Element | null {
  const row = el?.closest(".buttons, .join-row, .games, li, .home-section > *");
  return row && form.contains(row) ? row : null;
}

export function mountLobby(initial: TableOptions, actions: LobbyActions): LobbyForm {
  const shell = homeShell();
  const form = build(initial, shell);
  renderVariants(form, initial);
  uiRoot().append(form);
  shell.show(shell.current());
  const nameInput = byTestId<HTMLInputElement>(form, "name-input");
  const feedback = byTestId(form, "lobby-feedback");
  const playRow = form.querySelector(".play-buttons")!;
  const joinRowEl = form.querySelector(".join-row")!;
  // Feedback moves to the control that caused it (the note while joining, then any refusal).
  const near = (anchor: Element | null): void => {
    const at = anchor ?? playRow;
    if (at.nextElementSibling !== feedback) at.after(feedback);
  };
  // Typed since the field was last filled from the account: the account's name does not overwrite it.
  let edited = false;
  nameInput.addEventListener("input", () => {
    edited = true;
  });
  nameInput.addEventListener("change", () => actions.nameChanged?.());
  const setError = (m: string | null, at?: Element): void => {
    if (at) near(at);
    byTestId(form, "lobby-error").textContent = m ?? "";
  };
  const options = byTestId(form, "table-options");
  const toggle = byTestId(form, "table-options-toggle");
  const showOptionsPanel = (open: boolean): void => {
    options.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => showOptionsPanel(options.hidden));
  // The primary button names the game it plays.
  const label = (): void => {
    const title = gameModule(chosenGame(form))?.title;
    byTestId(form, "quick-play").textContent = title ? `Play ${title}` : "Quick play";
  };
  label();
  byTestId(form, "seats-select").addEventListener("change", () => onSeatsChange(form));
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="game"]'))
    radio.addEventListener("change", () => {
      onGameChange(form);
      label();
      actions.gamePicked?.(chosenGame(form));
    });
  // Picking a tile (again or anew) is choosing how to play it: its options open below.
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="game"]'))
    radio.addEventListener("click", () => showOptionsPanel(true));
  for (const b of form.querySelectorAll<HTMLButtonElement>(".play-now"))
    b.addEventListener("click", (e) => {
      e.preventDefault();
      near(b.closest(".games"));
      (actions.playNow ?? actions.quickPlay)(playNowOptions(b.dataset["game"] ?? DEFAULT_GAME));
    });
  // Enter does what the focused part of the form is for: Join in the code field, the
  // invitation's table on an invite link; Quick play only from its own button or the rest of the form.
  let invited: string | null = null;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const focused = document.activeElement;
    const byEnter = focused instanceof HTMLInputElement && form.contains(focused);
    if (byEnter && focused === byTestId(form, "join-code")) return join(code());
    if (byEnter && invited !== null) return join(invited);
    near(playRow);
    actions.quickPlay(readOptions(form));
  });
  byTestId(form, "create-private").addEventListener("click", () => {
    near(playRow);
    actions.createPrivate(readOptions(form));
  });
  const code = (): string | null => {
    const c = byTestId<HTMLInputElement>(form, "join-code").value.trim();
    near(joinRowEl);
    if (c === "") setError("Type the invite code a friend gave you.");
    return c === "" ? null : c;
  };
  const join = (c: string | null): void => void (c !== null && actions.joinByCode(c, readOptions(form)));
  const watch = (c: string | null): void => void (c !== null && actions.watchByCode(c, readOptions(form)));
  byTestId(form, "join-by-code").addEventListener("click", () => join(code()));
  byTestId(form, "watch-by-code").addEventListener("click", () => watch(code()));
  for (const b of form.querySelectorAll<HTMLButtonElement>(".rules-link")) {
    b.addEventListener("click", (e) => {
      e.preventDefault();
      actions.showRules(b.dataset["game"] ?? DEFAULT_GAME);
    });
  }
  // From the live list of tables (Watch): the answer shows at that table's row.
  const fromList = (): void => near(rowOf(document.activeElement, form) ?? joinRowEl);
  return {
    setError,
    shell,
    typedName: () => nameInput.value.trim(),
    setName(name, force = false) {
      if (edited && !force) return;
      edited = false;
      nameInput.value = name;
    },
    setNameError: (m) => void (byTestId(form, "name-error").textContent = m ?? ""),
    focusName: () => nameInput.focus(),
    setProblem: (problem, c) =>
      showProblem(
        byTestId(form, "lobby-error"),
        problem,
        { watch: () => watch(c), retry: () => form.requestSubmit(), code: () => byTestId(form, "join-code").focus() },
        c !== null,
      ),
    joinTable: (roomId) => {
      fromList();
      join(roomId);
    },
    watchTable: (roomId) => {
      fromList();
      watch(roomId);
    },
    append: (el, section = "play") => void shell.section(section).append(el),
    notice: (el, section) => void (section ? shell.section(section).querySelector("h2")!.after(el) : shell.notices.prepend(el)),
    invite(c, watching, about) {
      byTestId<HTMLInputElement>(form, "join-code").value = c;
      invited = watching ? null : c;
      near(joinRowEl);
      if (about) showOptions(form, about.options);
      label();
      const what = about ? `${about.text}, table ${c}` : `table ${c}`;
      const closed = about?.closed ?? null;
      if (closed !== null) invited = null;
      const watchInstead =
        closed === null ? null : h("button", { type: "button", class: "way-on", testid: "invite-watch-instead" }, "Watch this table");
      watchInstead?.addEventListener("click", () => watch(c));
      const note = h(
        "p",
        { class: "invite-note", testid: "lobby-invite" },
        closed !== null
          ? `${what}. ${closed} `
          : watching
            ? `Watch ${what}: press Watch.`
            : `You are invited to ${what}: press Join below (change your name first if you like).`,
        ...(watchInstead ? [watchInstead] : []),
      );
      const earlier = form.querySelector('[data-testid="lobby-invite"]');
      if (earlier) earlier.replaceWith(note);
      else shell.notices.prepend(note);
      shell.show("play");
      if (watchInstead) return void watchInstead.focus();
      if (!earlier) (watching ? byTestId(form, "watch-by-code") : nameInput).focus();
    },
    setBusy(busy, note) {
      for (const el of form.querySelectorAll<HTMLButtonElement>("button")) el.disabled = busy;
      byTestId(form, "lobby-note").textContent = busy ? (note ?? "Connecting…") : "";
      if (busy) setError(null);
    },
    destroy: () => {
      shell.destroy();
      form.remove();
    },
  };
}
