/**
 * What the home page's sections other than Play hold, placed by the lobby scene: Ranked (the
 * progress, a Ranked button per game and the leaderboard), Learn (each game's rules and guided
 * game), Profile (the account panel: who you play as, saving and signing in, your profile). The
 * account panel (account/account-panel.ts) builds all of its parts in one element; its ranked
 * parts are moved here into the Ranked section, the rest stays whole in Profile, so the panel's
 * own code and what others add to it are untouched.
 */
import { lessonFor } from "@scat/shared/tutorial/scripts.ts";
import { lobbyGames } from "../games/registry.ts";
import { h } from "../ui/dom.ts";
import type { HomeShell } from "./home-shell.ts";

const RANKED_PARTS = ["account-guest-note", "ranked-progress", "ranked-buttons", "open-leaderboard"];

export function placeAccount(shell: HomeShell, panel: HTMLElement): void {
  const ranked = shell.section("ranked");
  const parts = RANKED_PARTS.map((id) => panel.querySelector<HTMLElement>(`[data-testid="${id}"]`)).filter(
    (el): el is HTMLElement => el !== null,
  );
  ranked.append(h("p", { class: "sub" }, "Rated games against players of your strength. Your rating moves after each one."), ...parts);
  // The panel's own title said "Ranked": in Profile the section's heading names it.
  panel.querySelector(":scope > h2")?.remove();
  shell.section("profile").append(panel);
  // A ranked refusal is said in the Ranked section, an account's in Profile.
  const error = panel.querySelector<HTMLElement>('[data-testid="account-error"]');
  const follow = (id: string): void => {
    if (!error) return;
    if (id === "ranked") ranked.append(error);
    else if (id === "profile") panel.append(error);
  };
  follow(shell.current());
  shell.onShow(follow);
}

export function learnSection(actions: { rules(game: string): void; lesson(game: string): void }): HTMLElement {
  return h(
    "ul",
    { class: "learn-list", testid: "learn-list" },
    ...lobbyGames()
      .filter((g) => g.playable)
      .map((g) => {
        const rules = h("button", { type: "button", testid: `learn-rules-${g.id}` }, "How to play");
        rules.addEventListener("click", () => actions.rules(g.id));
        const lesson = lessonFor(g.id)
          ? h("button", { type: "button", class: "primary", testid: `learn-lesson-${g.id}` }, "Guided game")
          : null;
        lesson?.addEventListener("click", () => actions.lesson(g.id));
        return h(
          "li",
          { class: "learn-game" },
          h("span", { class: "learn-title" }, g.title),
          h("span", { class: "game-blurb" }, g.blurb),
          h("span", { class: "learn-buttons" }, rules, lesson),
        );
      }),
  );
}
