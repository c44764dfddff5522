/**
 * Buying a ticket without the browser, for tests whose subject comes after the purchase (the agent's
 * claim page): the same calls the shop makes (checkout session, test checkout Pay), and the claim code
 * read from the ticket e-mail in the outbox folder, the only place it exists in clear.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { demoAccounts } from './fixtures';

/** The text of every e-mail in the outbox folder, quoted-printable undone. */
function outboxMails(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {}
  return files.map((f) =>
    readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
  );
}

function claimCodesInOutbox(): string[] {
  return outboxMails()
    .map((text) => /\/verify\/([\w-]{16,})\//.exec(text)?.[1])
    .filter((c): c is string => Boolean(c));
}

/**
 * The link of 'Find my tickets' first e-mail (the page with `#confirm=`), once `count` such e-mails
 * exist (the outbox folder keeps them all; the newest file names sort last).
 */
export async function findConfirmLinkInOutbox(count: number): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(() => {
      links = outboxMails().flatMap(
        (text) => /https?:\/\/\S+\/find-tickets#confirm=[\w.-]+/.exec(text) ?? [],
      );
      return links.length;
    })
    .toBeGreaterThanOrEqual(count);
  return links.at(-1)!;
}

/** The e-mail sent to `address` (its To: header), once it is in the outbox folder. */
export async function mailTo(address: string): Promise<string> {
  let mail: string | undefined;
  await expect
    .poll(() => {
      mail = outboxMails().find((text) =>
        new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text),
      );
      return Boolean(mail);
    })
    .toBe(true);
  return mail!;
}

/** The e-mails to `address` (their To: header) in the outbox folder now, oldest first. */
export const mailsTo = (address: string): string[] =>
  outboxMails().filter((text) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text));

/** How many 'Find my tickets' first e-mails the outbox holds. */
export const findConfirmMailCount = () =>
  outboxMails().filter((text) => text.includes('/find-tickets#confirm=')).length;

/** The ticket link (/t/{token}) in the ticket e-mail whose claim code is `code` (issue #18). */
export function ticketLinkInOutbox(code: string): string {
  const mail = outboxMails().find((text) => text.includes(`/verify/${code}/`));
  const link = mail && /https?:\/\/[^\s"<>]+\/t\/[\w-]{43}/.exec(mail)?.[0];
  if (!link) throw new Error('no ticket link in the ticket e-mail');
  return link;
}

/**
 * The demo customer buys `tag` (on its `dateIndex`-th offered date when it has dates, or at `slotId`) and pays on the
 * test checkout (1 adult unless `counts` says otherwise). Answers the ticket's claim code and its date.
 */
export async function buyTicket(
  page: Page,
  tag: string,
  dateIndex = 0,
  counts = { adults: 1, youths: 0 },
  /** A timed ticket's slot (its id from the availability call): bought for that time instead of a date. */
  slotId?: string,
  /** Price categories' counts beside adults and youths (decision 070), e.g. { disabled: 1, carer: 1 }. */
  extras?: Record<string, number>,
): Promise<{ code: string; date: string | null; uniqueId: string }> {
  const { customer } = demoAccounts();
  const login = await page.request.post('/api/api/token/', {
    data: { username: customer.email, password: customer.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).access}` };
  const pkg = await (await page.request.get(`/api/package/E9/${tag}/`)).json();
  const dates: string[] = pkg.data?.dates ?? pkg.dates ?? [];
  const date = dates.length > 0 ? dates[dateIndex] : null;
  const before = new Set(claimCodesInOutbox());
  const session = await page.request.post('/api/create-checkout-session/', {
    headers,
    data: {
      package_identifier: tag,
      adult_count: String(counts.adults),
      youth_count: String(counts.youths),
      infant_count: '0',
      ...(slotId ? { slot_id: slotId } : { date: date ?? '' }),
      ...(extras ? { extra_counts: JSON.stringify(extras) } : {}),
    },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { id } = await session.json();
  const pay = await page.request.post(`/api/test-checkout/${id}/pay/`, { headers });
  expect(pay.ok()).toBe(true);
  const uniqueId = /\/success\/([\w-]+)\//.exec((await pay.json()).redirect)![1];
  for (let i = 0; i < 40; i++) {
    const code = claimCodesInOutbox().find((c) => !before.has(c));
    if (code) return { code, date, uniqueId };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no ticket e-mail arrived');
}

/**
 * The QR image (PNG) attached to the ticket e-mail whose claim code is `code`: the agents' app's tests
 * read the signed text from it, as a camera would (issue #19).
 */
export function qrPngInOutbox(code: string): Buffer {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
    const raw = readFileSync(path.join(dir, f), 'utf8');
    const text = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
    if (!text.includes(`/verify/${code}/`)) continue;
    const part = /filename="?ticket_qr_code\.png"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
    if (part) return Buffer.from(part[1].replace(/\s/g, ''), 'base64');
  }
  throw new Error('no QR image in the ticket e-mail');
}

/**
 * A ticket's day ('YYYY-MM-DD', already Rome's) as the success and claim pages write it:
 * 'Fri, 27 Nov 2026' (en-GB; formatted at UTC so the day itself does not move).
 */
export function readableDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
