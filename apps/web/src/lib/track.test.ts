/**
 * The tracker sends only the contract's actions, in the shape track-activity's contract entry takes:
 * checked by type (`track` takes an ActivityAction), on every call site of the app's source, and on
 * what actually leaves the browser (beacon and fetch bodies parsed with the server's own schema).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ACTIVITY_ACTION_NAMES, type ActivityAction, API, trackActivityBodySchema } from '@rome/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const beacons: { url: string; body: Promise<string>; type: string }[] = [];
let fetchMock: ReturnType<typeof vi.fn>;
let storage: Map<string, string>;

beforeEach(() => {
  vi.resetModules();
  beacons.length = 0;
  storage = new Map();
  vi.stubGlobal('window', {
    location: { pathname: '/search', href: 'https://shop.example/search?ticketType=24%20hours' },
    screen: { width: 390, height: 844 },
    innerWidth: 390,
    addEventListener: vi.fn(),
  });
  vi.stubGlobal('document', { addEventListener: vi.fn(), visibilityState: 'visible', title: 'Search' });
  vi.stubGlobal('navigator', {
    userAgent: 'Vitest',
    sendBeacon: (url: string, data: Blob) => {
      beacons.push({ url, body: data.text(), type: data.type });
      return true;
    },
  });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Every `track('name'` in the web app's source. */
function trackedInSource(): { file: string; action: string }[] {
  const root = path.resolve(import.meta.dirname, '..');
  const found: { file: string; action: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) {
        for (const m of readFileSync(file, 'utf8').matchAll(/\btrack\(\s*(['"`])([^'"`]*)\1/g))
          found.push({ file: path.relative(root, file), action: m[2] });
      }
    }
  };
  walk(root);
  return found;
}

describe('the tracker', () => {
  it('is called with listed actions only, everywhere in the app', () => {
    const calls = trackedInSource();
    // The app tracks these on its own (spec §7); if a call site is renamed, this list is the reminder.
    expect(calls.length).toBeGreaterThanOrEqual(10);
    const listed: readonly string[] = ACTIVITY_ACTION_NAMES;
    expect(calls.filter((c) => !listed.includes(c.action))).toEqual([]);
  });

  it('sends anonymous events by beacon, as text/plain JSON the contract takes', async () => {
    const { track, flush, ENDPOINT } = await import('./track');
    expect(`POST ${ENDPOINT}` in API).toBe(true);
    for (const action of ACTIVITY_ACTION_NAMES) track(action, { note: action });
    flush();
    expect(beacons.length).toBeGreaterThan(0);
    const sent = [];
    for (const b of beacons) {
      expect(b.url).toBe('/api/track-activity/');
      expect(b.type).toMatch(/^text\/plain/);
      const parsed = trackActivityBodySchema.safeParse(JSON.parse(await b.body));
      expect(parsed.success, parsed.error?.message).toBe(true);
      sent.push(...(parsed.data ?? []));
    }
    expect(sent.map((e) => e.action)).toEqual([...ACTIVITY_ACTION_NAMES]);
    expect(sent[0]).toMatchObject({ page: '/search', device: 'mobile', screenResolution: '390x844' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends a signed-in user's events with fetch keepalive and the Bearer token", async () => {
    // The access token is in memory (decision 018), shared with the tracker through lib/access-token.
    (await import('./access-token')).accessToken.set('tok');
    const { track } = await import('./track');
    track('login', { email: 'ada@example.com' }, { now: true });
    expect(beacons).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/track-activity/');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    const parsed = trackActivityBodySchema.parse(JSON.parse(String(init.body)));
    expect(parsed).toEqual([expect.objectContaining({ action: 'login', email: 'ada@example.com' })]);
  });

  it('an event tracked while the session is being restored waits for the token, then names the user', async () => {
    vi.useFakeTimers();
    try {
      const { accessToken } = await import('./access-token');
      let answer!: (token: string | null) => void;
      accessToken.restoring(new Promise<string | null>((r) => (answer = r)));
      const { track } = await import('./track');
      track('ticket_view', { package: 'BB-24' });
      await vi.advanceTimersByTimeAsync(2500);
      // Not sent anonymously while the restore is on its way.
      expect(beacons).toEqual([]);
      expect(fetchMock).not.toHaveBeenCalled();
      answer('tok-restored');
      await vi.advanceTimersByTimeAsync(10);
      expect(beacons).toEqual([]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-restored');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an extra field cannot change the action', async () => {
    const { buildEvent } = await import('./track');
    expect(buildEvent('page_view', { action: 'forged' }).action).toBe('page_view');
  });
});

/** Type-level: `track` takes an ActivityAction and nothing else (checked by tsc, never run). */
export async function typeChecks() {
  const { track } = await import('./track');
  const listed: ActivityAction = 'ticket_view';
  track(listed);
  // @ts-expect-error an action outside the contract's list
  track('page_viewed');
  // @ts-expect-error any string is not enough
  track('page_view' as string);
}
