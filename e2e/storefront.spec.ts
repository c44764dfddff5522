/**
 * The storefront: navigation bar, footer, home, search, offers, 404 and the cancelled-payment page
 * (spec §2, §8, §9), in Chromium against the real server and its seeded demo shop.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { signInAs } from './fixtures';

type Folder = { id: number; name: string; company_slug: string; active: boolean };
type Pkg = { package_tag: string; title: string; duration: string; folder: number };
type Catalog = { bus_data: Pkg[]; folders: Folder[] };

const PACKAGES_URL = /\/api\/packages\/?$/;
const companyPath = (f: Folder) =>
  `/bus/${encodeURIComponent(f.company_slug)}/${encodeURIComponent(f.name.toLowerCase())}`;

/** Freezes the page's timers before it loads, so a test decides when seconds pass. */
async function freezeTimers(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
}

test.describe('home', () => {
  // One load of the home page for its sections and the search from it: each was a test of its own,
  // with a load each (a page load is most of a storefront test's CPU).
  test("service packages appear after the 1 second loading delay, with skeletons meanwhile; get in touch shows the settings' contact details; the ticket-type search asks for a type, and '24 hours' lists exactly the 24 hours packages, a card opening its ticket page", async ({
    page,
    request,
  }) => {
    const catalog: Catalog = await (await request.get('/api/packages/')).json();
    const settings = (await (await request.get('/api/website-settings/')).json()).data;
    const active = catalog.folders.filter((f) => f.active);
    // Record when the first skeleton and the first card of the services section enter the page.
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      (window as any).__seen = seen;
      new MutationObserver(() => {
        const section = document.querySelector('section[aria-labelledby="services-title"]');
        if (!section) return;
        if (!seen.skeleton && section.querySelector('[data-testid="package-skeleton"]'))
          seen.skeleton = performance.now();
        if (!seen.card && section.querySelector('[data-testid="package-card"]'))
          seen.card = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    const services = page.getByRole('region', { name: 'Our tours and tickets' });
    const first = active[0];
    const firstPackages = catalog.bus_data.filter((p) => p.folder === first.id);
    await expect(services.getByTestId('package-card')).toHaveCount(firstPackages.length);
    await expect(services.getByTestId('package-skeleton')).toHaveCount(0);
    const seen = await page.evaluate(() => (window as any).__seen as { skeleton?: number; card?: number });
    expect(seen.skeleton, 'skeletons show while waiting').toBeDefined();
    expect(seen.card! - seen.skeleton!).toBeGreaterThanOrEqual(950);

    // One tab per active folder; the panel shows that folder's packages.
    const tabs = services.getByRole('tab');
    await expect(tabs).toHaveText(active.map((f) => f.name));
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const second = active[1];
    await services.getByRole('tab', { name: second.name }).click();
    await expect(services.getByRole('tab', { name: second.name })).toHaveAttribute('aria-selected', 'true');
    const panel = services.getByRole('tabpanel');
    await expect(panel.getByTestId('package-card')).toHaveCount(
      catalog.bus_data.filter((p) => p.folder === second.id).length,
    );
    // Arrow keys move between tabs.
    await page.keyboard.press('ArrowRight');
    await expect(services.getByRole('tab', { name: active[2].name })).toBeFocused();
    await expect(services.getByRole('tab', { name: active[2].name })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Get in touch: phone, email, address and a map link from the settings.
    const block = page.getByRole('region', { name: 'Get in touch' });
    await expect(block.getByRole('link', { name: settings.website_phone_number })).toBeVisible();
    await expect(block.getByRole('link', { name: settings.website_email })).toHaveAttribute(
      'href',
      `mailto:${settings.website_email}`,
    );
    await expect(block.getByText(settings.website_address)).toBeVisible();
    await expect(block.getByRole('link', { name: /View on map/ })).toHaveAttribute(
      'href',
      settings.address_map_link,
    );

    // Searching without a choice asks for a ticket type; choosing one clears the message.
    const search = page.getByRole('search');
    await expect(search.getByRole('radio')).toHaveCount(8);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByText('Please select a ticket type.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await search.getByText('48 Hours', { exact: true }).click();
    await expect(search.getByRole('radio', { name: '48 Hours' })).toBeChecked();
    await expect(search.getByText('Please select a ticket type.')).toHaveCount(0);
    // One at a time, and the keyboard moves the choice.
    await page.keyboard.press('ArrowLeft');
    await expect(search.getByRole('radio', { name: '24 Hours' })).toBeChecked();
    await expect(search.getByRole('radio', { name: '48 Hours' })).not.toBeChecked();

    // '24 hours' lists exactly the 24 hours packages, and a card opens its ticket page.
    const expected = catalog.bus_data.filter((p) => p.duration.toLowerCase() === '24 hours');
    expect(expected.length).toBeGreaterThan(0);
    await search.getByText('24 Hours', { exact: true }).click();
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?ticketType=24%20hours$/);
    const cards = page.getByRole('main').getByTestId('package-card');
    // Polled: the home page's cards (the open tab's) can still be in the page as the results come.
    const hrefsOf = () => cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    await expect
      .poll(async () => (await hrefsOf()).sort())
      .toEqual(expected.map((p) => `/manageBookings/E9/${encodeURIComponent(p.package_tag)}`).sort());
    await expect(cards).toHaveCount(expected.length);
    // The first card is the first by address.
    const hrefs = (await hrefsOf()).sort();
    // The chosen type stays selected on the results page.
    await expect(page.getByRole('radio', { name: '24 Hours' })).toBeChecked();
    const firstHref = hrefs[0]!;
    await cards.first().click();
    await expect(page).toHaveURL(firstHref);
  });

  test('partner logos: active ones in a repeating strip, 4 placeholders when the load fails', async ({
    page,
    request,
  }) => {
    const logos = (await (await request.get('/api/partner-logos')).json()).data as { is_active: boolean }[];
    const activeCount = logos.filter((l) => l.is_active).length;
    await page.goto('/');
    await expect(page.getByTestId('partner-strip').locator('li')).toHaveCount(activeCount * 20);

    await page.route(/\/api\/partner-logos\/?$/, (route) => route.fulfill({ status: 500, json: {} }));
    await page.reload();
    await expect(page.getByTestId('partner-placeholders').locator('li')).toHaveCount(4);
    await expect(page.getByTestId('partner-placeholders')).not.toHaveAttribute('aria-busy', 'true', {
      timeout: 10_000,
    });
  });
});

test.describe('the catalogue not found or not loaded', () => {
  // One test for the pages that read the catalogue, each loaded once (they were three tests).
  test('an unknown type says nothing was found; a failed package load shows the error with Try Again on the home page and says so on the search page; the footer says so when the bus services cannot be loaded', async ({
    page,
  }) => {
    await page.goto('/search?ticketType=two%20weeks');
    await expect(page.getByText('No tickets found for the selected type.')).toBeVisible();
    await expect(page.getByText('Please try a different ticket type.')).toBeVisible();

    const fail = (route: Route) => route.fulfill({ status: 500, json: { detail: 'boom' } });
    await page.route(PACKAGES_URL, fail);
    await page.goto('/');
    const services = page.getByRole('region', { name: 'Our tours and tickets' });
    await expect(services.getByText('Failed to load data. Please try again later.')).toBeVisible({
      timeout: 10_000,
    });
    await expect(services.getByRole('button', { name: 'Try Again' })).toBeVisible();

    await page.goto('/search?ticketType=24%20hours');
    await expect(page.getByRole('main').getByTestId('package-skeleton')).toHaveCount(8);
    await expect(page.getByText('Failed to fetch data. Please try again later.')).toBeVisible({
      timeout: 10_000,
    });

    await page.unroute(PACKAGES_URL, fail);
    await page.route(PACKAGES_URL, (route) => route.abort());
    await page.goto('/offer');
    await expect(
      page.getByRole('contentinfo').getByText('Failed to load bus services. Please try again later.'),
    ).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('navigation bar', () => {
  // The offers page opened once by a visitor for the navigation bar's and the footer's links, the
  // newsletter, and its back button (four tests, four loads of the same page before).
  test("a visitor on the offers page opened directly: the navigation bar's Home, About Us, Agent Points and Login; the footer's active bus services only, its about links, social links, payment methods and copyright; the newsletter subscribes once, then reports the address as already subscribed; back goes home", async ({
    page,
    request,
  }) => {
    const catalog: Catalog = await (await request.get('/api/packages/')).json();
    // Add an inactive service to the real answer: the footer must not list it.
    const ghost: Folder = { id: 9999, name: 'Ghost Line', company_slug: 'ghost-line', active: false };
    await page.route(PACKAGES_URL, (route) =>
      route.fulfill({ json: { ...catalog, folders: [...catalog.folders, ghost] } }),
    );
    await page.goto('/offer');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/aboutus');
    await expect(nav.getByRole('link', { name: 'Agent Points' })).toHaveAttribute('href', '/agentpoints');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByText('Purchase History')).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    // Only the active bus services, each linking to its company page.
    const operators = footer.getByRole('navigation', { name: 'Operators' });
    const active = catalog.folders.filter((f) => f.active);
    await expect(operators.getByRole('link')).toHaveText(active.map((f) => f.name));
    for (const f of active) {
      await expect(operators.getByRole('link', { name: f.name })).toHaveAttribute('href', companyPath(f));
    }
    await expect(operators.getByText('Ghost Line')).toHaveCount(0);
    const about = footer.getByRole('navigation', { name: 'About' });
    for (const [name, href] of [
      ['About Us', '/aboutus'],
      ['Terms and Conditions', '/terms'],
      ['Return Policy', '/returnPolicy'],
      ['Refund Policy', '/refund'],
      ['Agent Points', '/agentpoints'],
      ['Offers', '/offer'],
      ['Find My Tickets', '/find-tickets'],
    ]) {
      await expect(about.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: 'Facebook' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Instagram' })).toBeVisible();
    await expect(footer.getByRole('img', { name: /We accept Visa/ })).toBeVisible();
    await expect(footer.getByText(/© \d{4} Rome Bus Tickets/)).toBeVisible();

    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const input = footer.getByRole('textbox', { name: 'Email address' });
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('required', '');
    await input.fill(email);
    await footer.getByRole('button', { name: 'HOP IN!' }).click();
    await expect(footer.getByText('Thank you for subscribing! Please check your email.')).toBeVisible();
    await expect(input).toHaveValue('');
    await input.fill(email);
    await footer.getByRole('button', { name: 'HOP IN!' }).click();
    await expect(footer.getByText('This email is already subscribed to our newsletter.')).toBeVisible();
    await expect(footer.getByText('Thank you for subscribing! Please check your email.')).toHaveCount(0);

    // Opened directly (no page of the shop before it): back goes home.
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('logged in: Home, Purchase History, Agent Points, Profile, Logout', async ({ page }) => {
    // A signed-in browser: the demo customer's real session (cookie, page key, access token).
    await signInAs(page, 'customer');
    await page.goto('/offer');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Purchase History' })).toHaveAttribute('href', '/yourticket');
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(nav.getByRole('link', { name: 'Agent Points' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveCount(0);
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu opens, closes on an outside click and on Escape', async ({ page }) => {
      await page.goto('/offer');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const toggle = nav.getByRole('button', { name: 'Open menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'About Us' })).toBeHidden();

      await toggle.click();
      const close = nav.getByRole('button', { name: 'Close menu' });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      for (const name of ['Home', 'About Us', 'Agent Points', 'Login']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      // A click outside the menu (on the page below the open menu) closes it.
      await page.mouse.click(195, 800);
      await expect(nav.getByRole('link', { name: 'About Us' })).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // Escape closes it and gives focus back to the toggle.
      await toggle.click();
      await expect(nav.getByRole('link', { name: 'About Us' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: 'About Us' })).toBeHidden();
      await expect(toggle).toBeFocused();

      // A link in the menu navigates and closes it.
      await toggle.click();
      await nav.getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});

test.describe('offers, 404 and cancelled payment', () => {
  test('offers: title, back button, a card per offer with one saving badge (e2e/offers.spec.ts: prices and links)', async ({
    page,
    request,
  }) => {
    const offers = (await (await request.get('/bus.json')).json()) as {
      title: string;
      save_percent: number;
    }[];
    await page.goto('/');
    await page.getByRole('link', { name: 'See special offers' }).click();
    await expect(page).toHaveURL(/\/offer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Exciting Deals Just for You!' })).toBeVisible();
    await expect(page).toHaveTitle(/Special Offers/);
    const cards = page.getByTestId('offer-card');
    await expect(cards).toHaveCount(offers.length);
    for (const [i, offer] of offers.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { name: offer.title })).toBeVisible();
      // One discount wording per card: its own saving, no fixed '15% off' or 'Up to 50% OFF' (issue #23).
      await expect(card.getByTestId('offer-saving')).toHaveText(`${offer.save_percent}% off`);
      await expect(card.getByText(/% off/i)).toHaveCount(1);
    }
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown page shows Page Not Found with a large 404 and a link home', async ({ page }) => {
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText("We couldn't find the page you were looking for.")).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/Rome Hop-On Hop-Off/);
  });

  test('cancelled payment: the message, then home after 3 seconds', async ({ page }) => {
    await freezeTimers(page);
    await page.goto('/cancel/');
    await expect(
      page.getByText('Your payment was cancelled. No charges were made to your account.'),
    ).toBeVisible();
    await expect(page.getByText(/home page in 3 seconds/)).toBeVisible();
    await page.clock.runFor(2_800);
    await expect(page).toHaveURL(/\/cancel\/?$/);
    await page.clock.runFor(400);
    await expect(page).toHaveURL(/\/$/);
  });
});

// Accessibility: every one of these pages is scanned with axe at 390 and 1280 px by the route walk
// (e2e/a11y-routes.ts), which allows no violation of any impact.
