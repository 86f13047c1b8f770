/**
 * The lobby form (HTML over the canvas): name, game, table size, bots, turn time, variants,
 * and the three ways in: quick play, a private table, or a code from a friend. Games, their
 * seat ranges and variants come from the registry (games/registry.ts).
 */
import { DEFAULT_GAME, gameModule, lobbyGames, seatRange } from "../games/registry.ts";
import { loadName, saveName } from "../net/storage.ts";
import { sanitizeOptions, type TableOptions } from "../net/table-options.ts";
import { byTestId, h, uiRoot } from "./dom.ts";
import { readVariantControls, renderVariantControls } from "./variant-controls.ts";

export interface LobbyActions {
  quickPlay(o: TableOptions): void;
  createPrivate(o: TableOptions): void;
  joinByCode(code: string, o: TableOptions): void;
}

export interface LobbyForm {
  setBusy(busy: boolean, note?: string): void;
  setError(message: string | null): void;
  destroy(): void;
}

function gamePicker(selected: string): HTMLElement {
  return h("div", { class: "games", role: "radiogroup" }, ...lobbyGames().map((g) =>
    h("label", { class: `game-tile${g.playable ? "" : " soon"}`, testid: `game-${g.id}` },
      h("input", { type: "radio", name: "game", value: g.id, disabled: !g.playable, checked: g.id === selected }),
      h("span", { class: "game-title" }, g.title),
      h("span", { class: "game-blurb" }, g.playable ? g.blurb : "Coming soon"),
    )));
}

function numberSelect(testid: string, from: number, to: number, value: number): HTMLSelectElement {
  const sel = h("select", { testid });
  for (let n = from; n <= to; n++) sel.append(h("option", { value: n, selected: n === value }, String(n)));
  return sel;
}

function field(label: string, control: HTMLElement): HTMLElement {
  return h("label", { class: "field" }, h("span", {}, label), control);
}

function build(o: TableOptions): HTMLElement {
  const range = seatRange(o.game);
  return h("form", { class: "lobby panel", testid: "lobby", autocomplete: "off" },
    h("h1", {}, "Scat Tables"),
    field("Your name", h("input", { type: "text", maxlength: 24, placeholder: "Your name", value: loadName(), testid: "name-input", required: true })),
    gamePicker(o.game),
    h("div", { class: "row" },
      field("Players", numberSelect("seats-select", range.min, range.max, o.seats)),
      field("Bots", numberSelect("bots-select", 0, o.seats - 1, o.bots)),
      field("Turn (s)", h("input", { type: "number", min: 10, max: 120, step: 5, value: o.turnSeconds, testid: "turn-input" }))),
    h("div", { class: "variants", testid: "variants" }),
    h("div", { class: "buttons" },
      h("button", { type: "submit", class: "primary", testid: "quick-play" }, "Quick play"),
      h("button", { type: "button", testid: "create-private" }, "Create private table")),
    h("div", { class: "join-row" },
      h("input", { type: "text", maxlength: 12, placeholder: "Invite code", testid: "join-code", autocapitalize: "characters" }),
      h("button", { type: "button", testid: "join-by-code" }, "Join by code")),
    h("p", { class: "note", testid: "lobby-note" }),
    h("p", { class: "error", testid: "lobby-error", role: "alert" }));
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
  byTestId(form, "bots-select").replaceWith(numberSelect("bots-select", 0, o.seats - 1, o.bots));
  renderVariants(form, o);
}

export function mountLobby(initial: TableOptions, actions: LobbyActions): LobbyForm {
  const form = build(initial);
  renderVariants(form, initial);
  uiRoot().append(form);
  const nameInput = byTestId<HTMLInputElement>(form, "name-input");
  const named = (): boolean => {
    const name = nameInput.value.trim();
    if (name === "") {
      nameInput.focus();
      setError("Enter a display name first.");
      return false;
    }
    saveName(name);
    return true;
  };
  const setError = (m: string | null): void => void (byTestId(form, "lobby-error").textContent = m ?? "");
  byTestId(form, "seats-select").addEventListener("change", () => onSeatsChange(form));
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="game"]')) radio.addEventListener("change", () => onGameChange(form));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (named()) actions.quickPlay(readOptions(form));
  });
  byTestId(form, "create-private").addEventListener("click", () => named() && actions.createPrivate(readOptions(form)));
  byTestId(form, "join-by-code").addEventListener("click", () => {
    const code = byTestId<HTMLInputElement>(form, "join-code").value.trim();
    if (code === "") return setError("Type the invite code a friend gave you.");
    if (named()) actions.joinByCode(code, readOptions(form));
  });
  return {
    setError,
    setBusy(busy, note) {
      for (const el of form.querySelectorAll<HTMLButtonElement>("button")) el.disabled = busy;
      byTestId(form, "lobby-note").textContent = busy ? (note ?? "Connecting…") : "";
      if (busy) setError(null);
    },
    destroy: () => form.remove(),
  };
}
