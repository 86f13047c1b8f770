/**
 * axe-core (the maintained accessibility checker) run in the page: the serious and critical
 * violations of whatever is on screen now, as short strings ("color-contrast: #x .y").
 */
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeNode {
  readonly target: readonly unknown[];
  readonly failureSummary?: string;
}
interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: readonly AxeNode[];
}

export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(sel ? { include: [sel] } : document, { resultTypes: ["violations"] });
    return r.violations;
  }, include ?? null);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(" ")}`));
}
