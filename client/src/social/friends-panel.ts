/**
 * Friends and invitations (server: server/src/social/friends/, docs/API.md
 * "Friends"). Three parts:
 * - The page's ping (`POST /api/friends/ping`, every 5 s while the tab is visible, 20 s while
 *   hidden): keeps a saved account online for its friends and brings the invitations waiting for
 *   it, wherever the page is (lobby, a table, a replay). A plain HTTP poll rather than a socket:
 *   the page is not always in a room (the lobby room is left at a table, and a table's room is
 *   not the lobby's), any process answers it through the presence store, and it needs nothing of
 *   the rooms. An invitation shows as a card with Join, Watch and Dismiss until it expires.
 * - The lobby's Friends section: add by username, requests to answer or cancel, the friends
 *   with who is online and at which public table (Join / Watch), Remove.
 * - At a table, the toolbar's Invite button: the online friends, each with Invite.
 * A guest is told to save the account first; every refusal shows the server's sentence.
 */
import { ApiError } from "../account/api.ts";
import { gameModule } from "../games/registry.ts";
import { serverEndpoint } from "../net/endpoint.ts";
import { playerId } from "../net/storage.ts";
import type { TableSession } from "../net/table-session.ts";
import { confirmDialog } from "../ui/confirm.ts";
import { Dialog } from "../ui/dialog.ts";
import { byTestId, h, uiRoot } from "../ui/dom.ts";
import "./friends.css";

export type Whereabouts =
  | { readonly kind: "table"; readonly roomId: string; readonly game: string; readonly status: string; readonly open: boolean }
  | { readonly kind: "game" };

export interface Friend {
  readonly id: string;
  readonly name: string;
  readonly username: string;
  readonly online: boolean;
  readonly where: Whereabouts | null;
}

export interface PendingRequest {
  readonly id: string;
  readonly name: string;
  readonly username: string;
  readonly at: number;
}
/** A request this account sent: the server names only the username it went to until it is accepted. */
export interface OutgoingRequest {
  readonly id: string;
  readonly username: string;
  readonly at: number;
}

export interface FriendsList {
  readonly friends: readonly Friend[];
  readonly incoming: readonly PendingRequest[];
  readonly outgoing: readonly OutgoingRequest[];
}

export interface Invite {
  readonly id: string;
  readonly from: { readonly id: string; readonly name: string; readonly username: string };
  readonly roomId: string;
  readonly game: string;
  readonly expiresAt: number;
}

const PING_VISIBLE_MS = 5_000;
const PING_HIDDEN_MS = 20_000;
/** A guest or signed-out page asks again this rarely (it may register or sign in meanwhile). */
const PING_GUEST_MS = 30_000;
const LIST_REFRESH_MS = 10_000;

async function call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${serverEndpoint()}/api${path}`, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = (await res.json().catch(() => ({}))) as T & { error?: string; message?: string };
  if (!res.ok) throw new ApiError(res.status, data.error ?? "error", data.message ?? `The server answered ${res.status}`);
  return data;
}

export const friendsApi = {
  list: () => call<FriendsList>("GET", "/friends"),
  request: (username: string) =>
    call<{ outcome: "requested"; username: string } | { outcome: "accepted"; friend: { name: string } }>("POST", "/friends/requests", {
      username,
    }),
  accept: (id: string) => call<unknown>("POST", `/friends/requests/${encodeURIComponent(id)}/accept`, {}),
  decline: (id: string) => call<unknown>("POST", `/friends/requests/${encodeURIComponent(id)}/decline`, {}),
  cancel: (id: string) => call<unknown>("DELETE", `/friends/requests/${encodeURIComponent(id)}`),
  remove: (id: string) => call<unknown>("DELETE", `/friends/${encodeURIComponent(id)}`),
  ping: () => call<{ invites: Invite[] }>("POST", "/friends/ping", { playerId: playerId() }),
  invite: (friendId: string, roomId: string) => call<unknown>("POST", "/friends/invites", { friendId, roomId }),
  dismiss: (id: string) => call<unknown>("DELETE", `/friends/invites/${encodeURIComponent(id)}`),
};

const message = (err: unknown): string => (err instanceof ApiError ? err.message : "The server could not be reached: try again.");
const isGuest = (err: unknown): boolean => err instanceof ApiError && (err.code === "register-first" || err.code === "not-signed-in");
const GUEST_NOTE = "Save your account (a username and password, in the account section) to add friends and invite them.";

const gameTitle = (game: string): string => gameModule(game)?.title ?? game;

/** What a friend's line says about where they are. */
export function describeWhere(f: Friend): string {
  if (!f.online) return "Offline";
  if (!f.where) return "Online";
  if (f.where.kind === "game") return "In a game";
  return `At ${gameTitle(f.where.game)}, ${f.where.status === "waiting" ? (f.where.open ? "waiting, a seat is free" : "waiting, full") : "playing"}`;
}

// --- Following an invitation or a friend's table ------------------------------------------------

/** Takes the player to a table by code (join) or to watch it; the current scene says how. */
export type Follow = (code: string, watch: boolean) => void;
let follower: Follow | null = null;

/** The scene on screen follows invitations its own way (the lobby joins; a table leaves first). Returns the undo. */
export function setInviteFollower(f: Follow): () => void {
  follower = f;
  return () => {
    if (follower === f) follower = null;
  };
}

function follow(code: string, watch: boolean): void {
  if (follower) return follower(code, watch);
  location.assign(`/?${watch ? "watch" : "table"}=${encodeURIComponent(code)}`);
}

// --- The ping and the invitation cards -----------------------------------------------------------

let started = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let signedIn = false;
const cards = new Map<string, { el: HTMLElement; expiry: ReturnType<typeof setTimeout> }>();
const dismissed = new Set<string>();

function inviteBox(): HTMLElement {
  return (
    document.querySelector<HTMLElement>(".friend-invites") ??
    uiRoot().appendChild(h("div", { class: "friend-invites", testid: "friend-invites", "aria-live": "polite" }))
  );
}

function dropCard(id: string): void {
  const card = cards.get(id);
  if (!card) return;
  clearTimeout(card.expiry);
  card.el.remove();
  cards.delete(id);
}

/** The table this page holds a seat at: an invitation to it has nothing left to offer. */
let seatedAt: string | null = null;

/** The player sat down at `roomId` (by the card, the link, the code or the list): its cards go. */
function seated(roomId: string | null): void {
  seatedAt = roomId;
  for (const [id, card] of cards) {
    if (card.el.dataset["room"] !== roomId) continue;
    dismissed.add(id);
    dropCard(id);
    void friendsApi.dismiss(id).catch(() => undefined);
  }
}

function showInvite(invite: Invite): void {
  if (cards.has(invite.id) || dismissed.has(invite.id) || invite.expiresAt <= Date.now()) return;
  if (invite.roomId === seatedAt) {
    dismissed.add(invite.id);
    return void friendsApi.dismiss(invite.id).catch(() => undefined);
  }
  const answer = (watch: boolean | null) => {
    dismissed.add(invite.id);
    dropCard(invite.id);
    void friendsApi.dismiss(invite.id).catch(() => undefined);
    if (watch !== null) follow(invite.roomId, watch);
  };
  const el = h(
    "div",
    { class: "friend-invite panel", testid: "friend-invite", role: "alert", "data-room": invite.roomId, "data-invite": invite.id },
    h("p", {}, h("b", { dir: "auto" }, invite.from.name), ` (@${invite.from.username}) invites you to ${gameTitle(invite.game)}.`),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "button", class: "primary", testid: "invite-join" }, "Join"),
      h("button", { type: "button", testid: "invite-watch" }, "Watch"),
      h("button", { type: "button", testid: "invite-dismiss", "aria-label": "Dismiss the invitation" }, "Dismiss"),
    ),
  );
  byTestId(el, "invite-join").addEventListener("click", () => answer(false));
  byTestId(el, "invite-watch").addEventListener("click", () => answer(true));
  byTestId(el, "invite-dismiss").addEventListener("click", () => answer(null));
  inviteBox().append(el);
  cards.set(invite.id, { el, expiry: setTimeout(() => dropCard(invite.id), invite.expiresAt - Date.now()) });
}

async function ping(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  try {
    const { invites } = await friendsApi.ping();
    signedIn = true;
    // A card the server no longer lists was replaced (a second invitation to the same table),
    // withdrawn or used elsewhere: it goes, so one table never has two Join cards.
    const listed = new Set(invites.map((i) => i.id));
    for (const id of [...cards.keys()]) if (!listed.has(id)) dropCard(id);
    for (const invite of invites) showInvite(invite);
  } catch (err) {
    if (isGuest(err)) signedIn = false;
  }
  const next = !signedIn ? PING_GUEST_MS : document.hidden ? PING_HIDDEN_MS : PING_VISIBLE_MS;
  timer = setTimeout(() => void ping(), next);
}

/** Starts the page's ping once (any scene may call it). */
export function startFriendsPresence(): void {
  if (started) return;
  started = true;
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && signedIn) void ping();
  });
  void ping();
}

/** Pings now (the account changed, or the Friends section opened). */
export function friendsNudge(): void {
  if (started) void ping();
}

// --- The lobby's Friends section -----------------------------------------------------------------

export interface FriendsSection {
  readonly el: HTMLElement;
  destroy(): void;
}

export function friendsSection(): FriendsSection {
  const note = h("p", { class: "friends-note", testid: "friends-note", role: "status" });
  const input = h("input", {
    type: "text",
    maxlength: 24,
    placeholder: "Username",
    "aria-label": "A friend's username",
    testid: "friend-username",
    autocomplete: "off",
  });
  // Not a <form>: the section sits inside the lobby's form, whose submit is Quick play.
  const addButton = h("button", { type: "button", testid: "friend-add" }, "Add friend");
  const add = h("div", { class: "friends-add", role: "group", "aria-label": "Add a friend" }, input, addButton);
  const requests = h("ul", { class: "friends-list", testid: "friend-requests" });
  const list = h("ul", { class: "friends-list", testid: "friends-list" });
  const el = h(
    "section",
    { class: "friends", testid: "friends", "aria-label": "Friends" },
    h("h2", {}, "Friends"),
    add,
    note,
    requests,
    list,
  );
  let alive = true;
  let refresher: ReturnType<typeof setTimeout> | null = null;

  const say = (text: string, error = false) => {
    note.textContent = text;
    note.classList.toggle("error", error);
  };
  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) say(done);
    } catch (err) {
      say(message(err), true);
    }
    await refresh();
  };

  const render = (data: FriendsList) => {
    requests.replaceChildren(
      ...data.incoming.map((r) => {
        const accept = h("button", { type: "button", class: "primary", testid: `accept-${r.username}` }, "Accept");
        const decline = h("button", { type: "button", testid: `decline-${r.username}` }, "Decline");
        accept.addEventListener("click", () => void act(() => friendsApi.accept(r.id), `You and ${r.name} are friends now.`));
        decline.addEventListener("click", () => void act(() => friendsApi.decline(r.id)));
        return h(
          "li",
          { class: "friend request", testid: "friend-request" },
          h("span", { class: "friend-text" }, h("b", { dir: "auto" }, r.name), h("small", {}, `@${r.username} wants to be friends`)),
          h("span", { class: "friend-buttons" }, accept, decline),
        );
      }),
      ...data.outgoing.map((r) => {
        const cancel = h("button", { type: "button", testid: `cancel-${r.username}` }, "Cancel");
        cancel.addEventListener("click", () => void act(() => friendsApi.cancel(r.id)));
        return h(
          "li",
          { class: "friend request", testid: "friend-outgoing" },
          h("span", { class: "friend-text" }, h("b", { dir: "auto" }, `@${r.username}`), h("small", {}, "waiting for an answer")),
          h("span", { class: "friend-buttons" }, cancel),
        );
      }),
    );
    if (data.friends.length === 0) {
      list.replaceChildren(h("li", { class: "friends-empty" }, "No friends yet: add one by username."));
      return;
    }
    list.replaceChildren(
      ...data.friends.map((f) => {
        const buttons = h("span", { class: "friend-buttons" });
        if (f.where?.kind === "table") {
          const table = f.where;
          if (table.open) {
            const join = h("button", { type: "button", class: "primary", testid: `join-friend-${f.username}` }, "Join");
            join.addEventListener("click", () => follow(table.roomId, false));
            buttons.append(join);
          }
          const watch = h("button", { type: "button", testid: `watch-friend-${f.username}` }, "Watch");
          watch.addEventListener("click", () => follow(table.roomId, true));
          buttons.append(watch);
        }
        const remove = h(
          "button",
          {
            type: "button",
            class: "friend-remove",
            testid: `remove-friend-${f.username}`,
            title: `Remove ${f.name} from your friends`,
            "aria-label": `Remove ${f.name}`,
          },
          "✕",
        );
        remove.addEventListener(
          "click",
          () =>
            void (async () => {
              if (
                await confirmDialog({
                  title: `Remove ${f.name}?`,
                  body: `${f.name} leaves your friends (and you theirs). You can ask again later.`,
                  yes: "Remove",
                  no: "Keep",
                })
              )
                await act(() => friendsApi.remove(f.id));
            })(),
        );
        buttons.append(remove);
        return h(
          "li",
          { class: `friend${f.online ? " online" : ""}`, testid: "friend", "data-username": f.username },
          h("span", { class: "friend-dot", "aria-hidden": "true" }),
          h("span", { class: "friend-text" }, h("b", { dir: "auto" }, f.name), h("small", { testid: "friend-where" }, describeWhere(f))),
          buttons,
        );
      }),
    );
  };

  const refresh = async (): Promise<void> => {
    if (refresher) clearTimeout(refresher);
    refresher = null;
    try {
      const data = await friendsApi.list();
      if (!alive) return;
      add.hidden = false;
      if (note.textContent === GUEST_NOTE) say("");
      render(data);
    } catch (err) {
      if (!alive) return;
      if (isGuest(err)) {
        add.hidden = true;
        requests.replaceChildren();
        list.replaceChildren();
        say(GUEST_NOTE);
      }
    }
    if (alive) refresher = setTimeout(() => void refresh(), LIST_REFRESH_MS);
  };

  const ask = () => {
    const username = input.value.trim();
    if (username === "") return say("Type your friend's username.", true);
    void act(async () => {
      const r = await friendsApi.request(username);
      input.value = "";
      say(
        r.outcome === "accepted"
          ? `You and ${r.friend.name} are friends now.`
          : `Asked @${r.username}: if that account exists, it will see your request.`,
      );
    });
  };
  addButton.addEventListener("click", ask);
  // Enter in the username field adds the friend (and never submits the lobby form around it).
  input.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    ask();
  });
  startFriendsPresence();
  friendsNudge();
  void refresh();
  return {
    el,
    destroy() {
      alive = false;
      if (refresher) clearTimeout(refresher);
      el.remove();
    },
  };
}

// --- Inviting from a table -----------------------------------------------------------------------

const inviteDialog = new Dialog();

async function openInviteDialog(session: TableSession): Promise<void> {
  const body = h("div", { class: "friends invite-dialog" }, h("p", { class: "friends-note" }, "Loading your friends…"));
  const overlay = inviteDialog.show(
    { testid: "invite-dialog", title: "Invite a friend to this table", extraClass: "invite-panel", focusClose: true },
    body,
  );
  // Inviting is for a table that waits: when its game starts the dialog gets out of the way.
  let now = true;
  const off = session.feed.subscribe((snap, prev) => {
    // The first call is the table as it is now (against an empty one): not a change.
    if (!now && inviteDialog.shown() === overlay && prev.status === "waiting" && snap.status !== "waiting") inviteDialog.close();
    now = false;
    if (inviteDialog.shown() !== overlay) queueMicrotask(() => off());
  });
  let data: FriendsList;
  try {
    data = await friendsApi.list();
  } catch (err) {
    body.replaceChildren(h("p", { class: "friends-note" }, isGuest(err) ? GUEST_NOTE : message(err)));
    return;
  }
  const online = data.friends.filter((f) => f.online);
  const note = h(
    "p",
    { class: "friends-note", testid: "invite-note", role: "status" },
    online.length === 0
      ? data.friends.length === 0
        ? "No friends yet: add them in the lobby's Friends section."
        : "None of your friends is online right now."
      : "Your friend gets a note with Join and Watch, for two minutes.",
  );
  body.replaceChildren(
    note,
    h(
      "ul",
      { class: "friends-list" },
      ...online.map((f) => {
        const invite = h("button", { type: "button", class: "primary", testid: `invite-friend-${f.username}` }, "Invite");
        invite.addEventListener(
          "click",
          () =>
            void (async () => {
              invite.disabled = true;
              try {
                await friendsApi.invite(f.id, session.roomId);
                note.textContent = `Invited ${f.name}.`;
                note.classList.remove("error");
                invite.textContent = "Invited";
              } catch (err) {
                note.textContent = message(err);
                note.classList.add("error");
                invite.disabled = false;
              }
            })(),
        );
        return h(
          "li",
          { class: "friend online" },
          h("span", { class: "friend-dot", "aria-hidden": "true" }),
          h("span", { class: "friend-text" }, h("b", { dir: "auto" }, f.name), h("small", {}, describeWhere(f))),
          h("span", { class: "friend-buttons" }, invite),
        );
      }),
    ),
  );
}

let phoneButton: HTMLElement | null = null;

/**
 * The toolbar's Invite button (players only: a spectator has no seat to invite to). On a phone
 * the toolbar has no room beside the table's title (as for ⚑): the button is then a small ✉
 * beside the collapsed chat, hidden while the chat is open (friends.css).
 */
export function inviteButton(session: TableSession): HTMLElement[] {
  startFriendsPresence();
  phoneButton?.remove();
  phoneButton = null;
  seated(session.watching ? null : session.roomId);
  if (session.watching) return [];
  const open = () => void openInviteDialog(session);
  const b = h(
    "button",
    {
      type: "button",
      class: "wide-only",
      testid: "invite-friends",
      title: "Invite a friend to this table",
      "aria-label": "Invite a friend",
    },
    "Invite",
  );
  b.addEventListener("click", open);
  phoneButton = h(
    "button",
    {
      type: "button",
      class: "invite-phone",
      testid: "invite-friends-phone",
      title: "Invite a friend to this table",
      "aria-label": "Invite a friend",
    },
    "✉ Invite",
  );
  phoneButton.addEventListener("click", open);
  uiRoot().append(phoneButton);
  return [b];
}

/** The table is going: its invite dialog and phone button with it. */
export function closeInviteDialog(): void {
  seatedAt = null;
  inviteDialog.close();
  phoneButton?.remove();
  phoneButton = null;
}
