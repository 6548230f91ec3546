import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG rule sets every journey checks: WCAG 2.0, 2.1 A and AA, and 2.2 AA. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

/**
 * Rules run beside AXE_TAGS although axe marks them experimental: label-content-name-mismatch checks WCAG 2.5.3 Label
 * in Name (level A), that a control's visible text is part of its accessible name, so a voice-control user can press
 * it by saying what it shows.
 */
export const AXE_EXTRA_RULES = ["label-content-name-mismatch"] as const;

/** One axe finding, flattened for a readable failure message. */
export interface AxeFinding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: ReadonlyArray<string>;
}

/**
 * Waits until the page's finite CSS animations have ended (a panel sliding in, a modal fading in), at most 2 s, so axe
 * measures colours as they settle and not blended mid-fade (a fade-in read mid-way as a contrast failure). Endless ones
 * (spinners) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** Runs axe on the page (or only `include` selectors) with AXE_TAGS and AXE_EXTRA_RULES, once its finite animations have ended, and returns its violations, every impact, flattened. */
export async function axeFindings(page: Page, options: { include?: string; exclude?: string } = {}): Promise<AxeFinding[]> {
  await settleAnimations(page);
  // options() replaces the whole option object, so it comes before withTags (which adds runOnly to it).
  let builder = new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(AXE_EXTRA_RULES.map((rule) => [rule, { enabled: true }])) })
    .withTags([...AXE_TAGS]);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    targets: v.nodes.map((n) => n.target.map(String).join(" ")),
  }));
}

/** A failure message: one line per violation with id, impact, help text and every target selector. */
export const describeFindings = (findings: ReadonlyArray<AxeFinding>): string =>
  findings.map((f) => `- ${f.id} (${f.impact}): ${f.help}\n    ${f.targets.join("\n    ")}`).join("\n");

/**
 * Fails the test when axe finds any violation (every impact, the WCAG tags and AXE_EXTRA_RULES) on the page as it is;
 * `context` names route and state in the message.
 */
export async function expectNoAxeViolations(page: Page, context = page.url(), options: { include?: string; exclude?: string } = {}): Promise<void> {
  const findings = await axeFindings(page, options);
  expect(findings, `axe violations on ${context}:\n${describeFindings(findings)}`).toEqual([]);
}
