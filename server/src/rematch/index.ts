/**
 * Play again with the same people (rematch.ts): what this feature adds to a server's tables, the
 * offer and answer messages, the two calls between tables and a listener on seats taken
 * (`rematchAtTables`, registered by the composition root), and its wire names.
 */
export { REMATCH_MESSAGES, rematchAtTables } from "./rematch.ts";
