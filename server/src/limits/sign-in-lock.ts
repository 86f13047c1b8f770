/**
 * The sign-in lock of a username, in two layers (OWASP's "device cookies" scheme), so that an
 * attacker who knows a username can neither guess its password without bound nor keep its owner
 * out:
 *
 * - per (username, where the attempt comes from): an address (IPv6 by /64), or a browser that
 *   signed in to this username before (its device cookie, accounts/device-cookie.ts). The usual
 *   backoff (account-lock.ts, ACCOUNT_LOCK_AFTER): a guesser at one address locks only itself.
 * - per username, for attempts without that username's device cookie only: a ceiling
 *   (ACCOUNT_LOCK_GLOBAL_AFTER) past which each further attempt from *any* address waits 2^n s,
 *   so many addresses together still get few guesses. The owner's own browsers skip it: an
 *   attacker who keeps it locked keeps out only browsers the account never signed in on.
 *
 * A success clears its own layer; one without a device cookie clears the ceiling too (the owner
 * signing in from a known browser gives a guesser no fresh attempts).
 */
import type { AccountLock } from "./account-lock.ts";
import type { Verdict } from "./gcra.ts";

export interface SignInSource {
  /** The client's address key (addressKey). */
  readonly address: string;
  /** The nonce of a device cookie valid for this username, or null. */
  readonly device: string | null;
}

const sourceKey = (username: string, from: SignInSource): string =>
  `${username}\n${from.device !== null ? `d:${from.device}` : `a:${from.address}`}`;

export class SignInLock {
  constructor(
    private readonly perSource: AccountLock,
    private readonly ceiling: AccountLock,
  ) {}

  async attempt(username: string, from: SignInSource): Promise<Verdict> {
    const own = await this.perSource.attempt(sourceKey(username, from));
    if (!own.ok || from.device !== null) return own;
    return this.ceiling.attempt(username);
  }

  async succeeded(username: string, from: SignInSource): Promise<void> {
    await this.perSource.succeeded(sourceKey(username, from));
    if (from.device === null) await this.ceiling.succeeded(username);
  }
}
