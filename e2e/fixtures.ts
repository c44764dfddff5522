/**
 * Shared helpers for the browser tests: the demo accounts of this run, and an axe check that fails on
 * serious or critical violations.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export function demoAccounts(): {
  customer: { email: string; password: string };
  editor: { email: string; password: string };
  superuser: { email: string; password: string };
  agents: { name: string; code: string }[];
} {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-accounts.json'), 'utf8'));
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}
