/**
 * The import rules `npm run lint:deps` checks (dependency-cruiser), run early by `npm test`.
 *
 * Type-only imports count like any other: a kernel that names a feature's type knows that
 * feature, and a circle of types is still a circle a reader has to hold in mind at once.
 */

/**
 * Feature folders of the server. The table kernel and the platform layer below it name none of
 * them: features plug into the kernel from the composition root, never the other way round.
 * Folders listed here that do not exist yet cost nothing; add a feature folder here when it is
 * made.
 */
const FEATURES = [
  "ranked",
  "conduct",
  "moderation",
  "social",
  "chat",
  "friends",
  "rematch",
  "presence",
  "preferences",
  "fair-play",
  "fairness",
  "durable",
  "durability",
  "arena",
  "duplicate",
  "season",
  "seasons",
];

/**
 * What the kernel still imports of features, named edge by edge so that nothing new joins them:
 * the room reads ranked play, conduct, quick-play keep-apart and the table chat directly until
 * each moves behind the kit's events, gates and handlers (as rematch, reports, presence, seat
 * records, bans and the journal already have). Shrink these lists as each one moves; a kernel file
 * not listed here, or a feature file not listed, fails the rule below.
 */
const KERNEL_DEBT_FILES = "^server/src/table/(table-room|table-play|host)[.]ts$";
const KERNEL_DEBT_TARGETS =
  "^server/src/(social/quick-play-apart|social/chat/table-chat|ranked/ranked-table|ranked/platform|conduct/(table-conduct|quick-play-pool|fair-play|casual-games))[.]ts$";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles: each file can be read, tested and moved after the ones it imports.",
      from: {},
      to: { circular: true },
    },
    {
      name: "kernel-and-platform-know-no-feature",
      severity: "error",
      comment:
        "The table kernel (server/src/table/), the platform (server/src/platform/) and the database layer " +
        "(server/src/db/) import no feature folder: features hand in their listeners, gates, handlers, routes " +
        "and migrations at the composition root.",
      from: { path: "^server/src/(table|platform|db)/", pathNot: KERNEL_DEBT_FILES },
      to: { path: `^server/src/(${FEATURES.join("|")})/` },
    },
    {
      name: "kernel-imports-no-new-feature",
      severity: "error",
      comment: "The kernel's files that still read a feature (KERNEL_DEBT_FILES) read only those (KERNEL_DEBT_TARGETS), and no other.",
      from: { path: KERNEL_DEBT_FILES },
      to: { path: `^server/src/(${FEATURES.join("|")})/`, pathNot: KERNEL_DEBT_TARGETS },
    },
    {
      name: "kernel-and-platform-know-no-composition-root",
      severity: "error",
      comment:
        "Nor do they import the modules that compose the server (app.ts, main.ts, index.ts, migrations.ts): " +
        "those import every feature, so reaching them is knowing every feature.",
      from: { path: "^server/src/(table|platform|db)/" },
      to: { path: "^server/src/(app|main|index|migrations)[.]ts$" },
    },
    {
      name: "shared-stands-alone",
      severity: "error",
      comment: "shared/ is read by the server, the client and the load tests: it imports none of them.",
      from: { path: "^shared/" },
      to: { path: "^(server|client|loadtest|cluster|tools)/" },
    },
    {
      name: "server-imports-no-client-or-harness",
      severity: "error",
      comment: "The product server imports neither the browser client nor the test and benchmark harness.",
      from: { path: "^server/src/" },
      to: { path: "^(client|loadtest|cluster|tools)/" },
    },
    {
      name: "client-imports-no-server-or-harness",
      severity: "error",
      comment: "The browser client talks to the server over the wire (shared/ holds the vocabulary), never by import.",
      from: { path: "^client/src/" },
      to: { path: "^(server|loadtest|cluster|tools)/" },
    },
    {
      name: "harness-layers",
      severity: "error",
      comment:
        "The process harness runs one way: tools/ (network labs) under cluster/ (servers, PostgreSQL, Redis, nginx) " +
        "under loadtest/ (benchmarks and swarms), so no two of them import each other.",
      from: { path: "^(tools|cluster)/" },
      to: { path: "^loadtest/" },
    },
    {
      name: "tools-under-cluster",
      severity: "error",
      comment: "See harness-layers.",
      from: { path: "^tools/" },
      to: { path: "^cluster/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment:
        "Every import resolves, so no circle hides behind an import the check could not follow " +
        "(k6's own modules exist only inside the k6 runtime).",
      from: {},
      to: { couldNotResolve: true, pathNot: "^k6(/|$)" },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    // shared/games is a link to shared/src/games: read once, under its real name.
    exclude: { path: "(^|/)(node_modules|dist|[.]tsbuild|[.]k6|reports)/|^shared/games/" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      // Workspace packages (`@scat/shared/...`) resolve through their `exports` to the sources.
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
