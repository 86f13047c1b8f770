/** The lobby's way in by code (join or watch) and the problem box a failed join fills. */
import type { JoinProblem } from "../net/errors.ts";
import { h } from "./dom.ts";

export function joinRow(): HTMLElement {
  return h(
    "div",
    { class: "join-row" },
    h("input", {
      type: "text",
      maxlength: 12,
      placeholder: "Code",
      testid: "join-code",
      autocapitalize: "characters",
      "aria-label": "Table code",
    }),
    h("button", { type: "button", testid: "join-by-code" }, "Join"),
    h("button", { type: "button", testid: "watch-by-code" }, "Watch"),
  );
}

export interface ProblemWays {
  watch(): void;
  retry(): void;
  code(): void;
}

/** The sentence, then one button for the way on when there is one. */
export function showProblem(box: HTMLElement, problem: JoinProblem, ways: ProblemWays, hasCode: boolean): void {
  const way = wayButton(problem, ways, hasCode);
  box.replaceChildren(h("span", { testid: "problem-text" }, problem.text), ...(way ? [way] : []));
  // The lobby scrolls on small screens: the sentence must not land below the fold.
  box.scrollIntoView({ block: "nearest" });
}

function wayButton(problem: JoinProblem, ways: ProblemWays, hasCode: boolean): HTMLElement | null {
  const button = (label: string, testid: string, fn: () => void): HTMLElement => {
    const b = h("button", { type: "button", class: "way-on", testid }, label);
    b.addEventListener("click", fn);
    return b;
  };
  switch (problem.way) {
    case "watch":
      return hasCode ? button("Watch this table", "watch-instead", ways.watch) : null;
    case "check-code":
      return button("Check the code", "check-code", ways.code);
    case "retry":
      return hasCode ? null : button("Try again", "try-again", ways.retry);
    default:
      return null;
  }
}
