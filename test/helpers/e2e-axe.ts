/**
 * Accessibility scan of a page with axe-core (WCAG 2.x A/AA rules and axe best practices).
 *
 * The app's CSP (`script-src 'self'`) forbids injecting a script tag, so the axe source is
 * evaluated through the DevTools protocol (`page.evaluate`), which CSP does not govern; the
 * page under test keeps its real CSP.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Options for a scan. */
export interface AxeScanOptions {
  /** CSS selector of the part of the page to scan (default: the whole document). */
  include?: string;
  /** Impacts that fail the scan (default: serious and critical). */
  failOn?: ImpactValue[];
}

/** One violation as reported in a failure message. */
export interface AxeFinding {
  rule: string;
  impact: ImpactValue | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on `page` and throws an Error naming `view` and listing every violation whose
 * impact is in `failOn` (rule id, impact, help text, up to five offending selectors each).
 * Resolves to all violations found (including the ones that do not fail the scan).
 */
export async function scanForViolations(page: Page, view: string, options: AxeScanOptions = {}): Promise<AxeFinding[]> {
  const failOn = options.failOn ?? ['serious', 'critical'];
  const hasAxe = await page.evaluate(() => 'axe' in globalThis);
  if (!hasAxe) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (include) =>
      (globalThis as unknown as { axe: { run(context: string, options: object): Promise<AxeResults> } }).axe.run(
        include,
        {
          resultTypes: ['violations'],
        },
      ),
    options.include ?? 'html',
  );
  const findings: AxeFinding[] = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  const failing = findings.filter((finding) => finding.impact !== null && failOn.includes(finding.impact));
  if (failing.length > 0) {
    const lines = failing.map(
      (finding) =>
        `- ${finding.rule} (${finding.impact}): ${finding.help}\n    ${finding.targets.slice(0, 5).join('\n    ')}` +
        (finding.targets.length > 5 ? `\n    … and ${finding.targets.length - 5} more` : ''),
    );
    throw new Error(`Accessibility violations in the ${view} view:\n${lines.join('\n')}`);
  }
  return findings;
}
