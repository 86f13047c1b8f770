/** The lobby: a felt backdrop with a fan of cards behind the HTML form. */
import Phaser from "phaser";
import { createPrivate, forgetLinkedTable, joinByCode, quickPlay, watchTable } from "../net/connection.ts";
import { LobbyFeed, type LobbyCounts, type OpenTable } from "../net/lobby-feed.ts";
import { explainJoinError } from "../net/errors.ts";
import { loadName, loadPrefs, saveName, savePrefs } from "../net/storage.ts";
import { forInvitees, sanitizeOptions, type TableOptions } from "../net/table-options.ts";
import type { TableSession } from "../net/table-session.ts";
import { CardSprite } from "../objects/card-sprite.ts";
import { addFelt, drawFelt } from "../objects/felt.ts";
import { setStateProvider } from "../test-hook.ts";
import { h } from "../ui/dom.ts";
import { mountLobby, type LobbyForm } from "../ui/lobby-form.ts";
import { OpenTablesPanel } from "../ui/open-tables.ts";
import { openRules } from "../ui/rules-panel.ts";
import { replayEntry } from "../replay/lobby-entry.ts";
import { SCENES, toLesson, toReplay, toTable, type LobbyData } from "./flow.ts";
import { mountAccountPanel, type AccountPanel } from "../account/account-panel.ts";
import { accountMadeHere, ACCOUNT_WAIT_MS, api, ApiError, ensureAccount, withinMs, type Account } from "../account/api.ts";
import { closedText, describeTable, fetchTableInfo, optionsOf } from "../social/table-info.ts";
import { returnBanner } from "../social/return-to-game.ts";
import { friendsSection, setInviteFollower } from "../social/friends-panel.ts";
import { lessonFor } from "@scat/shared/tutorial/scripts.ts";
import { answeredIn, offerNotice, remember, shouldOffer, syncOffers } from "../tutorial/offer.ts";
import { learnSection, placeAccount } from "../home/home-parts.ts";
import { settingsPage } from "../settings/settings-page.ts";
import { syncSettings } from "../settings/settings-sync.ts";

const FAN = ["AH", "10S", "QG", "6W", "KX"];

export class LobbyScene extends Phaser.Scene {
  private form: LobbyForm | null = null;
  private felt!: Phaser.GameObjects.Image;
  private fan: CardSprite[] = [];
  private busy = false;
  private feed: LobbyFeed | null = null;
  private openTables: readonly OpenTable[] = [];
  private counts: LobbyCounts | null = null;
  private accountPanel: AccountPanel | null = null;
  /** Name changes one after another: a change and the join that follows it rename once, in order. */
  private naming: Promise<unknown> = Promise.resolve();

  constructor() {
    super(SCENES.lobby);
  }

  create(data: LobbyData): void {
    this.busy = false;
    this.felt = addFelt(this);
    this.fan = FAN.map((c) => new CardSprite(this, c));
    this.layout();
    this.scale.on("resize", this.layout, this);
    this.form = mountLobby(sanitizeOptions(loadPrefs()), {
      quickPlay: (o) => void this.join(o, "Finding a table…", () => quickPlay(o)),
      // A tile's Play now plays that game's usual table; the options the player set are kept.
      playNow: (o) => void this.join(o, "Finding a table…", () => quickPlay(o), null, false, false),
      createPrivate: (o) => void this.join(o, "Creating your table…", () => createPrivate(forInvitees(o))),
      joinByCode: (code, o) => void this.join(o, `Joining ${code.toUpperCase()}…`, () => joinByCode(code, o), code),
      watchByCode: (code, o) => void this.join(o, `Opening ${code.toUpperCase()} to watch…`, () => watchTable(code, o), code, true),
      showRules: (game) => openRules(game, lessonFor(game) ? () => this.startLesson(game) : undefined),
      gamePicked: (game) => this.offerLesson(game),
      nameChanged: () => void this.settleName(true),
    });
    if (data?.message) this.form.setError(data.message);
    this.startFeed(this.form);
    const replays = replayEntry(
      (log) => toReplay(this.scene, { log }),
      (message) => this.form?.setError(message, replays.el),
    );
    this.form.append(h("h3", {}, "Replays"), "watch");
    this.form.append(replays.el, "watch");
    this.form.append(
      learnSection({
        rules: (g) => openRules(g, lessonFor(g) ? () => this.startLesson(g) : undefined),
        lesson: (g) => this.startLesson(g),
      }),
      "learn",
    );
    const settings = settingsPage({
      renamed: (a) => {
        saveName(a.player.name);
        this.form?.setName(a.player.name, true);
        this.accountPanel?.changed(a);
      },
    });
    this.form.append(settings.el, "settings");
    this.form.shell.onShow((id) => {
      if (id === "settings") settings.refresh();
    });
    // Accounts and ranked play (account/account-panel.ts).
    const account = mountAccountPanel({
      seated: (s) => {
        forgetLinkedTable();
        toTable(this.scene, s);
      },
      setBusy: (b, note) => this.form?.setBusy(b, note),
      settleName: () => this.settleName(true),
      // A saved account's answers to the guided-game offers follow it to this device (tutorial/offer.ts).
      account: (a) =>
        void (
          a && this.form?.setName(a.player.name),
          settings.account(a),
          void syncSettings(a?.player ?? null).then(() => settings.refresh()),
          syncOffers(a?.player ?? null).then((prefs) => {
            const shown = document.querySelector<HTMLElement>('[data-testid="lesson-offer"]');
            if (shown && answeredIn(prefs, shown.dataset["game"] ?? "")) shown.remove();
          })
        ),
    });
    this.accountPanel = account;
    placeAccount(this.form.shell, account.el);
    // Friends (social/friends-panel.ts): an invitation or a friend's table is joined or watched like a code.
    const friends = friendsSection();
    this.form.append(friends.el, "friends");
    const form = this.form;
    const unfollow = setInviteFollower((code, watch) => (watch ? form.watchTable(code) : form.joinTable(code)));
    setStateProvider(() => ({ scene: "lobby", busy: this.busy, openTables: this.openTables, counts: this.counts }));
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
      this.feed?.stop();
      this.feed = null;
      replays.destroy();
      account.destroy();
      friends.destroy();
      unfollow();
      this.scale.off("resize", this.layout, this);
      this.form?.destroy();
      this.form = null;
    });
    this.offerReturn(this.form);
    if (data?.autoPlay) void this.join(data.autoPlay, "Finding a table…", () => quickPlay(data.autoPlay as TableOptions));
    else if (data?.invite) this.followInvite(data.invite);
    // A first visit: the game already selected is offered too (an invitation's table offers its own
    // game there). Not on a short screen: above the form it pushed Quick play below the fold of a
    // 390x844 phone (a browser test caught it); there the table offers it at its first quiet moment.
    else if (window.innerHeight >= 900 || window.innerWidth >= 700) this.offerLesson(sanitizeOptions(loadPrefs()).game);
  }

  /** The first time a game is picked: "New to X? Take the 2-minute guided game" (tutorial/offer.ts). */
  private offerLesson(game: string): void {
    document.querySelector('[data-testid="lesson-offer"]')?.remove();
    if (!this.form || this.busy || !shouldOffer(game)) return;
    this.form.notice(offerNotice(game, { start: (g) => this.startLesson(g) }), "play");
    // Shown once: picking the game again later does not ask again (Start and Don't ask again are remembered too).
    remember(game, "offered");
  }

  private startLesson(game: string): void {
    if (this.busy) return;
    savePrefs(sanitizeOptions({ ...loadPrefs(), game: game as never }));
    toLesson(this.scene, game);
  }

  /** "Your game in progress: Return" when this player holds a seat anywhere (social/return-to-game.ts). */
  private offerReturn(form: LobbyForm): void {
    void returnBanner({
      busy: (on, note) => {
        this.busy = on;
        form.setBusy(on, note);
      },
      seated: (session) => {
        forgetLinkedTable();
        toTable(this.scene, session);
      },
    }).then((el) => {
      if (el && this.form === form) form.notice(el);
    });
  }

  /** The live list of public tables; the lobby works without it (an older server has no `lobby`). */
  private startFeed(form: LobbyForm): void {
    const panel = new OpenTablesPanel({ join: (id) => form.joinTable(id), watch: (id) => form.watchTable(id) });
    form.append(panel.el, "watch");
    this.feed = new LobbyFeed(
      (tables) => {
        this.openTables = tables;
        panel.update(tables);
      },
      (counts) => {
        this.counts = counts;
        panel.setCounts(counts);
      },
    );
    this.feed.start().catch(() => panel.el.remove());
  }

  /**
   * An invitation link: watching needs no name; a player with an account from before (signed in,
   * or a guest coming back) goes straight in under the account's name. A visitor new here gets
   * the banner naming the table's game and options (social/table-info.ts), with the generated
   * name in the field to keep or change.
   */
  private followInvite(invite: { code: string; watch: boolean }): void {
    const o = sanitizeOptions(loadPrefs());
    if (invite.watch) return void this.join(o, `Opening ${invite.code} to watch…`, () => watchTable(invite.code, o), invite.code, true);
    const form = this.form;
    // The code is filled at once: a Join pressed before the account is known joins that table.
    form?.invite(invite.code, false);
    void (async () => {
      // The table is read while the account is: a newcomer hears of a full table before typing a name.
      const table = fetchTableInfo(invite.code);
      let known = loadName() !== "";
      try {
        await ensureAccount(loadName());
        known ||= !accountMadeHere();
      } catch {
        // Accounts unreachable: the banner asks as before.
      }
      if (this.form !== form || !form) return;
      // A player from before goes straight in: a full table may hold their own seat (taken back by
      // playerId), and a refusal is said with its way on (Watch), with no name asked either.
      if (known) return void this.join(o, `Joining ${invite.code}…`, () => joinByCode(invite.code, o), invite.code);
      const info = await table;
      if (info && this.form === form)
        form.invite(invite.code, false, { text: describeTable(info), options: optionsOf(info), closed: closedText(info) });
    })();
  }

  /**
   * The name a join plays under is the account's display name: the field, when the player typed
   * another, renames the account first (`POST /api/me/name`), its refusal shown next to the field
   * and the join not made ("refused"); an empty field plays under the account's name. Null: the
   * accounts could not be reached (the table takes the typed name, as before accounts).
   */
  settleName(rename: boolean): Promise<Account | "refused" | null> {
    const run = this.naming.then(() => this.settleNow(rename));
    this.naming = run.catch(() => undefined);
    return run;
  }

  private async settleNow(rename: boolean): Promise<Account | "refused" | null> {
    const form = this.form;
    if (!form) return "refused";
    const typed = form.typedName();
    // Accounts out of reach (or a guest not made: the address's limit): the table still takes the
    // typed name, as it did before accounts; the account panel says what went wrong.
    const unreachable = (): null => {
      if (typed !== "") saveName(typed);
      form.setNameError(null);
      return null;
    };
    let account: Account;
    try {
      // A join waits a few seconds for the account, not longer: past that the table takes the
      // typed name (as with accounts out of reach) and the account is still made behind it.
      account = await withinMs(ensureAccount(typed), ACCOUNT_WAIT_MS);
    } catch {
      return unreachable();
    }
    if (rename && typed !== "" && typed !== account.player.name) {
      try {
        account = await api.rename(typed);
      } catch (err) {
        // A name the rules refuse, or one rename too many today: said beside the field, no join.
        if (!(err instanceof ApiError) || (err.code !== "bad-name" && err.status !== 429)) return unreachable();
        form.setNameError(err.message);
        form.focusName();
        return "refused";
      }
    }
    form.setNameError(null);
    saveName(account.player.name);
    if (rename) form.setName(account.player.name, true);
    this.accountPanel?.changed(account);
    return account;
  }

  private async join(
    options: TableOptions,
    note: string,
    connect: () => Promise<TableSession>,
    code: string | null = null,
    watching = false,
    keep = true,
  ): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.form?.setBusy(true, note);
    if (keep) savePrefs(options);
    // Watching keeps the account's name; joining may rename the account to the typed name first.
    if ((await this.settleName(!watching)) === "refused") {
      this.busy = false;
      this.form?.setBusy(false);
      return;
    }
    try {
      const session = await connect();
      forgetLinkedTable();
      toTable(this.scene, session);
    } catch (err) {
      this.busy = false;
      this.form?.setBusy(false);
      this.form?.setProblem(explainJoinError(err, watching), code);
    }
  }

  private layout(): void {
    const { width, height } = this.scale;
    drawFelt(this.felt, width, height);
    // Beside the home page's panel (home/home.css: 760 px wide at most).
    const side = (width - 780) / 2;
    const show = side > 200;
    const cw = Math.min(110, side * 0.28);
    const cx = side / 2 + 10;
    const cy = height * 0.55;
    this.fan.forEach((card, i) => {
      const k = i - (FAN.length - 1) / 2;
      card
        .setVisible(show)
        .setCardWidth(cw)
        .setPosition(cx + k * cw * 0.5, cy + Math.abs(k) * cw * 0.1)
        .setAngle(k * 10);
    });
  }
}
