/** Short invite codes for private tables: 6 characters without look-alikes (0/O, 1/I/L). */
import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const INVITE_CODE_LENGTH = 6;

export function makeInviteCode(): string {
  let code = "";
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export function isInviteCode(text: string): boolean {
  return text.length === INVITE_CODE_LENGTH && [...text].every((c) => ALPHABET.includes(c));
}
