/**
 * The lobby form (HTML over the canvas): name, game, table size, bots, turn time, variants,
 * and the three ways in: quick play, a private table, or a code from a friend. Games, their
 * seat ranges and variants come from the registry (games/registry.ts).
 */
import { BOT_STRENGTHS, type BotStrength } from "@scat/shared";
import { DEFAULT_GAME, gameModule, lobbyGames, seatRange } from "../games/registry.ts";
import { loadName } from "../net/storage.ts";
import { sanitizeOptions, type TableOptions } from "../net/table-options.ts";
import type { JoinProblem } from "../net/errors.ts";
import { byTestId, h, uiRoot } from "./dom.ts";
import { joinRow, showProblem } from "./lobby-join.ts";
import { readVariantControls, renderVariantControls } from "./variant-controls.ts";

export interface LobbyActions {
  quickPlay(o: TableOptions): void;
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
  setError(message: string | null): void;
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
  /** Adds a section at the end of the form (the live list of tables). */
  append(el: HTMLElement): void;
  /** Shows a notice at the top of the form (your game in progress). */
  notice(el: HTMLElement): void;
  destroy(): void;
}

function gamePicker(selected: string): HTMLElement {
  return h("div", { class: "games", role: "radiogroup" }, ...lobbyGames().map((g) =>
    h("label", { class: `game-tile${g.playable ? "" : " soon"}`, testid: `game-${g.id}` },
      h("input", { type: "radio", name: "game", value: g.id, disabled: !g.playable, checked: g.id === selected }),
      h("span", { class: "game-title" }, g.title),
      h("span", { class: "game-blurb" }, g.playable ? g.blurb : "Coming soon"),
      g.playable && h("button", { type: "button", class: "rules-link", testid: `rules-${g.id}`, "data-game": g.id, "aria-label": `How to play ${g.title}`, title: `How to play ${g.title}` }, "?"),
    )));
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

function build(o: TableOptions): HTMLFormElement {
  const range = seatRange(o.game);
  return h("form", { class: "lobby panel", testid: "lobby", autocomplete: "off" },
    h("h1", {}, "Scat Tables"),
    // Optional: the account's name fills it, and an empty field plays under that name.
    field("Your name", h("input", { type: "text", maxlength: 24, placeholder: "Your name", value: loadName(), testid: "name-input", dir: "auto", autocomplete: "nickname" })),
    h("p", { class: "error name-error", testid: "name-error", role: "alert" }),
    gamePicker(o.game),
    h("div", { class: "row" },
      field("Players", numberSelect("seats-select", range.min, range.max, o.seats)),
      field("Bots", numberSelect("bots-select", 0, o.seats - 1, o.bots)),
      field("Bots play", strengthSelect(o.botStrength ?? "normal")),
      field("Turn (s)", h("input", { type: "number", min: 10, max: 120, step: 5, value: o.turnSeconds, testid: "turn-input" }))),
    h("div", { class: "variants", testid: "variants" }),
    h("div", { class: "buttons" },
      h("button", { type: "submit", class: "primary", testid: "quick-play" }, "Quick play"),
      h("button", { type: "button", testid: "create-private" }, "Create private table")),
    joinRow(),
    h("p", { class: "note", testid: "lobby-note" }),
    h("div", { class: "error", testid: "lobby-error", role: "alert" }));
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

export function mountLobby(initial: TableOptions, actions: LobbyActions): LobbyForm {
  const form = build(initial);
  renderVariants(form, initial);
  uiRoot().append(form);
  const nameInput = byTestId<HTMLInputElement>(form, "name-input");
  // Typed since the field was last filled from the account: the account's name does not overwrite it.
  let edited = false;
  nameInput.addEventListener("input", () => { edited = true; });
  nameInput.addEventListener("change", () => actions.nameChanged?.());
  const setError = (m: string | null): void => void (byTestId(form, "lobby-error").textContent = m ?? "");
  byTestId(form, "seats-select").addEventListener("change", () => onSeatsChange(form));
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="game"]')) radio.addEventListener("change", () => {
    onGameChange(form);
    actions.gamePicked?.(chosenGame(form));
  });
  // Enter does what the focused part of the form is for: Join in the code
  // field, the invitation's table on an invite link; Quick play only from its own button or the
  // rest of the form.
  let invited: string | null = null;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const focused = document.activeElement;
    const byEnter = focused instanceof HTMLInputElement && form.contains(focused);
    if (byEnter && focused === byTestId(form, "join-code")) return join(code());
    if (byEnter && invited !== null) return join(invited);
    actions.quickPlay(readOptions(form));
  });
  byTestId(form, "create-private").addEventListener("click", () => actions.createPrivate(readOptions(form)));
  const code = (): string | null => {
    const c = byTestId<HTMLInputElement>(form, "join-code").value.trim();
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
  return {
    setError,
    typedName: () => nameInput.value.trim(),
    setName(name, force = false) {
      if (edited && !force) return;
      edited = false;
      nameInput.value = name;
    },
    setNameError: (m) => void (byTestId(form, "name-error").textContent = m ?? ""),
    focusName: () => nameInput.focus(),
    setProblem: (problem, c) => showProblem(byTestId(form, "lobby-error"), problem, { watch: () => watch(c), retry: () => form.requestSubmit(), code: () => byTestId(form, "join-code").focus() }, c !== null),
    joinTable: (roomId) => join(roomId),
    watchTable: (roomId) => watch(roomId),
    append: (el) => void form.append(el),
    notice: (el) => void form.querySelector("h1")?.after(el),
    invite(c, watching, about) {
      byTestId<HTMLInputElement>(form, "join-code").value = c;
      invited = watching ? null : c;
      if (about) showOptions(form, about.options);
      const what = about ? `${about.text}, table ${c}` : `table ${c}`;
      const closed = about?.closed ?? null;
      if (closed !== null) invited = null;
      const watchInstead = closed === null ? null : h("button", { type: "button", class: "way-on", testid: "invite-watch-instead" }, "Watch this table");
      watchInstead?.addEventListener("click", () => watch(c));
      const note = h("p", { class: "invite-note", testid: "lobby-invite" },
        closed !== null ? `${what}. ${closed} ` : watching ? `Watch ${what}: press Watch.` : `You are invited to ${what}: press Join below (change your name first if you like).`,
        ...(watchInstead ? [watchInstead] : []));
      const earlier = form.querySelector('[data-testid="lobby-invite"]');
      if (earlier) earlier.replaceWith(note);
      else form.querySelector("h1")?.after(note);
      if (watchInstead) return void watchInstead.focus();
      if (!earlier) (watching ? byTestId(form, "watch-by-code") : nameInput).focus();
    },
    setBusy(busy, note) {
      for (const el of form.querySelectorAll<HTMLButtonElement>("button")) el.disabled = busy;
      byTestId(form, "lobby-note").textContent = busy ? (note ?? "Connecting…") : "";
      if (busy) setError(null);
    },
    destroy: () => form.remove(),
  };
}
