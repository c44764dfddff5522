/**
 * The agent's journey on a phone (390 px), as an agent at a stop walks it: open the ticket's claim page,
 * see the ticket's day, pick the name, type the security code on the keyboard (never `fill`: the
 * spec's focus rule acts on typed characters), press Enter, see success.
 */
import { expect, test } from '@playwright/test';
import { atBothWidths, demoAccounts, expectNoSeriousA11yViolations } from './fixtures';
import { buyTicket, readableDay } from './tickets';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('an agent types the security code and Enter claims the ticket; success, not EXPIRED', async ({
  page,
}) => {
  const { code } = await buyTicket(page, 'BB-24');
  const agent = demoAccounts().agents[0];
  await page.goto(`/verify/${code}/`);
  await expect(page.getByRole('heading', { name: 'Ticket Verification' })).toBeVisible();
  await page.getByLabel('Agent name').selectOption(agent.name);
  const field = page.getByLabel('Security code');
  await field.click();
  await page.keyboard.type(agent.code, { delay: 30 });
  // Spec §5: focus has left the field at 4 characters, with the whole code in it, for the Claim button.
  await expect(field).toHaveValue(agent.code);
  await expect(page.getByRole('button', { name: 'Claim Ticket' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The result where the agent looks: on screen and focused, though the form above it went away.
  const claimed = page.getByRole('heading', { name: 'Ticket Claimed' });
  await expect(claimed).toBeInViewport();
  await expect(claimed).toBeFocused();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Ticket claimed successfully.');
  await expect(page.getByText('CLAIMED', { exact: true })).toBeVisible();
  await expect(page.getByText('EXPIRED')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('claimed-390.png'), fullPage: true });

  // Opened again, the ticket is the spec's already-claimed one: EXPIRED with the server's message.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ticket Already Claimed' })).toBeVisible();
  await expect(page.getByText('EXPIRED')).toBeVisible();
});

test('a wrong typed code is refused and can be typed again at once', async ({ page }) => {
  const { code } = await buyTicket(page, 'GL-24');
  const agent = demoAccounts().agents[1];
  await page.goto(`/verify/${code}/`);
  await page.getByLabel('Agent name').selectOption(agent.name);
  const wrong = agent.code === '0000' ? '1111' : '0000';
  await page.getByLabel('Security code').pressSequentially(wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Invalid agent name or security code.');
  // The field is empty and has the focus again, so the agent just types the right code.
  await expect(page.getByLabel('Security code')).toBeFocused();
  await expect(page.getByLabel('Security code')).toHaveValue('');
  await page.keyboard.type(agent.code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ticket Claimed' })).toBeVisible();
});

test("the ticket's date is shown large, with a warning when it is not today in Rome", async ({ page }) => {
  // The seeded dates start tomorrow: the second is two days ahead, as in the issue.
  const { code, date } = await buyTicket(page, 'BB-NIGHT', 1);
  await page.goto(`/verify/${code}/`);
  const readable = readableDay(date!);
  await expect(page.getByTestId('ticket-day')).toContainText(readable);
  // The night bus is a timed departure (inventory): its Rome time shows under the day.
  await expect(page.getByTestId('ticket-time')).toHaveText('21:00 Rome time');
  const warning = page.getByTestId('ticket-day-warning');
  await expect(warning).toContainText(`Not valid yet: this ticket is for ${readable}.`);
  await expect(warning).toContainText('Today in Rome is');
  await page.screenshot({ path: test.info().outputPath('date-warning-390.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // On the ticket's own day (10:00 in Rome) there is no warning, and the day says Today.
  const [y, m, d] = date!.split('-').map(Number);
  await page.clock.setFixedTime(new Date(Date.UTC(y, m - 1, d, 9)));
  await page.reload();
  await expect(page.getByTestId('ticket-day')).toContainText('Today');
  await expect(page.getByTestId('ticket-day-warning')).toHaveCount(0);
});

test("the claim page is a desk tool, looked at at 390 and 1280 px: the shop's name, the ticket, no navigation, newsletter or footer", async ({
  page,
}) => {
  const { code } = await buyTicket(page, 'BB-24');
  await page.goto(`/verify/${code}/`);
  await expect(page.getByRole('heading', { name: 'Ticket Verification' })).toBeVisible();
  await atBothWidths(page, async (width) => {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Rome Bus Tickets' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Ticket check');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByText(/newsletter/i)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /e-?mail/i })).toHaveCount(0);
    // The claim button is on the first screen of a phone, without scrolling.
    await expect(page.getByRole('button', { name: 'Claim Ticket' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`desk-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
