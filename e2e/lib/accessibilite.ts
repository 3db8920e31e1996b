import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now (an open
 * dialog included), one line each: rule, impact, what to fix, the first elements concerned.
 */
export async function violationsGraves(page: Page): Promise<string[]> {
  // an element fading in or out (a form message, a submenu) is half transparent: its contrast is measured
  // once antd's motions are over
  await page.waitForFunction(() => !document.querySelector('[class*="-leave"], [class*="-enter"], [class*="-appear"]'), undefined, {
    timeout: 15_000,
  });
  const resultat = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return resultat.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) : ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)
          .join(' | ')}`,
    );
}
