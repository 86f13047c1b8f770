/**
 * "Fair play": what counts as leaving, aborting and not showing up in ranked play, and what each
 * costs (docs/API.md, "Conduct"), in words a player reads before queueing.
 */
import { Dialog } from "../ui/dialog.ts";
import { h } from "../ui/dom.ts";

const dialog = new Dialog();

export function openFairPlay(): void {
  const item = (title: string, text: string) => h("li", {}, h("strong", {}, title), ` ${text}`);
  dialog.show(
    { testid: "fair-play", title: "Fair play in ranked games", extraClass: "board" },
    h("p", {}, "Ranked ratings only mean something if every game is played out. What we record, for every game you play:"),
    h(
      "ul",
      { class: "fair-play" },
      item(
        "Who plays ranked.",
        "Saved accounts (a username and password) that have finished 3 casual games. Two accounts on the same network or browser are never matched together, and the same players meet at most 3 times a day.",
      ),
      item(
        "Accepting.",
        "When a match is found you have 10 seconds to accept. Not accepting, declining, or not sitting down once accepted is a no-show. The others keep their place and waiting time.",
      ),
      item("Aborting.", "Leaving a ranked game in its first moves aborts it: nobody is rated, and the leaver gets the mark."),
      item("Leaving.", "Leaving later (or not coming back within the reconnection time) places you last, and a bot finishes your seat."),
      item("Stalling.", "Letting your clock run out three turns in a row, or on half of your turns, counts like leaving."),
      item(
        "What it costs.",
        "Three of these in a row, on 30% of your last 20 ranked games, or aborting 15% of them (three or more), bans you from the ranked queue: 10 minutes the first time, doubling with each repeat within a week, up to 48 hours. Casual play is never banned. Players who often leave are matched with each other first.",
      ),
      item(
        "Boosting.",
        "Losing on purpose to lift another account is found from the match records; operators can reset those accounts and give their victims back the points they lost.",
      ),
    ),
    h("p", { class: "sub" }, "Your completion rate is on your profile."),
  );
}
