// Prettier (`npm run format` writes, `npm run lint` checks), set to the code's own habits: double
// quotes, semicolons, trailing commas in multi-line lists, parentheses around every arrow's
// parameters. The code wrote long lines freely (95 % fit in 120 columns, 99 % in 170); 140 keeps
// most of them as they are while breaking the few that ran on past any screen.
/** @type {import("prettier").Config} */
export default {
  printWidth: 140,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  arrowParens: "always",
};
