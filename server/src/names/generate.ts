/**
 * Friendly names for accounts made without one: an adjective and an animal or a card word
 * ("Lucky Otter", "Brave Joker"), as Lichess and BGA give a newcomer a readable name instead of
 * one shared placeholder that nobody can tell apart in a friend list or at a table.
 *
 * A name is first tried plain; only when the plain names drawn are already shown by some account
 * does it get a short number ("Lucky Otter 42"). Every name drawn passes the display names' own
 * rules (validate.ts: reserved seat words, staff titles, the word filter) and is never a
 * look-alike of a registered player's name or username (registry.ts); one that is refused is
 * drawn again. The words are plain ASCII and short, so a name fits MAX_LENGTH with its number.
 */
import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { registeredLookalike } from "./registry.ts";
import { nameKey } from "./skeleton.ts";
import { checkDisplayName } from "./validate.ts";

export const ADJECTIVES = [
  "Lucky",
  "Brave",
  "Clever",
  "Jolly",
  "Swift",
  "Bold",
  "Calm",
  "Cheery",
  "Daring",
  "Eager",
  "Gentle",
  "Happy",
  "Keen",
  "Kind",
  "Lively",
  "Merry",
  "Nimble",
  "Plucky",
  "Quick",
  "Quiet",
  "Sunny",
  "Witty",
  "Zesty",
  "Cosy",
  "Dapper",
  "Gallant",
  "Snappy",
  "Spry",
  "Bright",
  "Breezy",
  "Cunning",
  "Sly",
  "Steady",
  "Wise",
  "Wily",
  "Dashing",
  "Chipper",
  "Crafty",
  "Mellow",
  "Proud",
] as const;

export const NOUNS = [
  // Animals
  "Otter",
  "Badger",
  "Falcon",
  "Fox",
  "Heron",
  "Koala",
  "Lynx",
  "Owl",
  "Panda",
  "Puffin",
  "Raven",
  "Robin",
  "Seal",
  "Tiger",
  "Turtle",
  "Walrus",
  "Wombat",
  "Yak",
  "Zebra",
  "Dolphin",
  "Gecko",
  "Hedgehog",
  "Lemur",
  "Marmot",
  "Meerkat",
  "Newt",
  "Orca",
  "Penguin",
  "Sparrow",
  "Weasel",
  // Cards
  "Ace",
  "Joker",
  "Jack",
  "Queen",
  "King",
  "Trump",
  "Dealer",
  "Spade",
  "Heart",
  "Club",
  "Diamond",
  "Deck",
  "Trick",
  "Shuffle",
  "Gambit",
  "Wildcard",
] as const;

/** Plain names drawn before a number is added. */
const PLAIN_TRIES = 4;
/** Names with a number drawn before the number grows to four digits. */
const NUMBERED_TRIES = 8;

/** A random plain name ("Lucky Otter"). */
export function drawName(pick: (n: number) => number = randomInt): string {
  return `${ADJECTIVES[pick(ADJECTIVES.length)]} ${NOUNS[pick(NOUNS.length)]}`;
}

/** Whether any account shows a name of this key, or a registered one signs in with it. */
async function keyInUse(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("players")
    .select("id")
    .where((eb) => eb.or([eb("display_key", "=", key), eb.and([eb("username", "is not", null), eb("username_skeleton", "=", key)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The candidate's columns when it passes the rules and no account shows it; otherwise null. */
async function free(db: Kysely<Database>, candidate: string): Promise<{ display_name: string; display_key: string } | null> {
  const checked = checkDisplayName(candidate);
  if (!checked.ok) return null;
  const key = nameKey(checked.name);
  return (await keyInUse(db, key)) ? null : { display_name: checked.name, display_key: key };
}

/**
 * A generated display name no account shows yet: plain if one of a few draws is free, else with a
 * number of one to three digits, else four. With about 1,800 plain names and a thousand numbers
 * each, the last, four-digit draws are reached only by a very large site, and they are
 * taken even if shown (two guests may share a name; registry.ts), as long as the rules pass.
 */
export async function generatedName(
  db: Kysely<Database>,
  pick: (n: number) => number = randomInt,
): Promise<{ display_name: string; display_key: string }> {
  for (let i = 0; i < PLAIN_TRIES; i++) {
    const named = await free(db, drawName(pick));
    if (named) return named;
  }
  for (let i = 0; i < NUMBERED_TRIES; i++) {
    const named = await free(db, `${drawName(pick)} ${1 + pick(999)}`);
    if (named) return named;
  }
  for (;;) {
    const candidate = `${drawName(pick)} ${1000 + pick(9000)}`;
    const checked = checkDisplayName(candidate);
    if (!checked.ok) continue;
    const key = nameKey(checked.name);
    // Never a registered player's look-alike, even here.
    if (!(await registeredLookalike(db, key, null))) return { display_name: checked.name, display_key: key };
  }
}

/** The placeholder older pages sent for a player who typed nothing: it asks for a generated name. */
const PLACEHOLDER_KEY = nameKey("Player");

/**
 * Whether a guest's requested name means "no name": none at all (no `name`, or null), or the
 * placeholder "Player" that older pages sent when the name field was empty. A blank string is
 * still refused as a name (400 `bad-name`), as on a rename.
 */
export function asksForGeneratedName(raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  return typeof raw === "string" && raw.length <= 40 && nameKey(raw.normalize("NFKC").trim()) === PLACEHOLDER_KEY;
}

/** Whether a stored name is the old shared placeholder, to be replaced by a generated one when read. */
export function isPlaceholderName(displayName: string): boolean {
  return displayName === "Player";
}
