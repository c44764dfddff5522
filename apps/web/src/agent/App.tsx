/**
 * The agents' app (decision 023): sign in once, then scan or type tickets. Online, the server
 * judges and claims (POST /api/agent/claims/); offline (or when that call gets no answer) the ticket's
 * signature is verified here and the claim kept in IndexedDB, uploaded when the network is back.
 */
import { formatRomeDate, orderReference, priceCategory, type ScanAnswer } from '@rome/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  claimOnline,
  type Device,
  fetchKeys,
  fetchMe,
  fetchPackageNames,
  fetchRefunded,
  forgetDevice,
  loadDevice,
  NetworkError,
  saveDevice,
  signInDevice,
  Unauthorized,
  uploadClaims,
} from './agent-api';
import { romeTimeLabel } from './clock';
import { type ConflictNotice, conflictStory, conflictTicket } from './conflicts';
import {
  IconAlert,
  IconCamera,
  IconCheck,
  IconCloud,
  IconCloudOff,
  IconCross,
  IconLogout,
  IconPin,
  IconRepeat,
  IconSync,
} from './icons';
import { Scanner } from './Scanner';
import { makeStore } from './store';
import { type SyncSummary, syncQueue } from './sync';
import { judgeOffline, listFromLabel, type RefundedLists, refundedDays } from './verify';

const store = makeStore();

/**
 * What the result screen shows: the server's answer, or the device's own verdict offline (then with
 * how old its refunded list is, and what it could not know).
 */
type Shown = ScanAnswer & { offline: boolean; here: boolean; listFrom?: string; warning?: string | null };

export function App() {
  const [device, setDevice] = useState<Device | null>(() => loadDevice());
  const [notice, setNotice] = useState<string | null>(null);
  if (!device)
    return (
      <SignIn
        notice={notice}
        onSignedIn={(d) => {
          saveDevice(d);
          // Asks the browser not to evict the queue and the keys under storage pressure.
          void navigator.storage?.persist?.().catch(() => false);
          setNotice(null);
          setDevice(d);
        }}
      />
    );
  return (
    <Door
      device={device}
      onSignedOut={(message) => {
        forgetDevice();
        void store.clearForSignOut();
        setNotice(message);
        setDevice(null);
      }}
    />
  );
}

function Logo() {
  return (
    <span className="logo">
      <img src="/agent/icon.svg" alt="" width={36} height={36} />
      <span>
        <strong>Rome Bus Tickets</strong>
        <small>Agents</small>
      </span>
    </span>
  );
}

function SignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: (d: Device) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      onSignedIn(
        await signInDevice(
          String(f.get('email')),
          String(f.get('password')),
          String(f.get('label')) || 'Agent device',
        ),
      );
    } catch (err) {
      setError(
        err instanceof NetworkError
          ? 'No network: signing in needs a connection once.'
          : err instanceof Error
            ? err.message
            : 'Sign-in failed.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="signin">
      <Logo />
      <h1>Sign in this device</h1>
      <p className="muted">
        Once per phone, with your agent account. The device stays signed in until it is revoked.
      </p>
      {notice && (
        <p className="banner banner-red" role="alert">
          {notice}
        </p>
      )}
      <form onSubmit={submit}>
        <label>
          E-mail
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          Device name
          <input name="label" defaultValue="Agent phone" maxLength={80} />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="primary" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

function Door({ device, onSignedOut }: { device: Device; onSignedOut: (message: string | null) => void }) {
  const online = useOnline();
  const [waiting, setWaiting] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [camera, setCamera] = useState(() => localStorage.getItem('rome-agent-camera') === 'on');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [lastSync, setLastSync] = useState<{ at: Date; summary: SyncSummary } | null>(null);
  const [offlineReady, setOfflineReady] = useState<RefundedLists | null>(null);
  const [conflicts, setConflicts] = useState<ConflictNotice[]>([]);
  const busy = useRef(false);
  const field = useRef<HTMLInputElement>(null);

  const revoked = useCallback(
    () => onSignedOut('This device was signed out (revoked by a superuser). Sign in again to scan.'),
    [onSignedOut],
  );

  /** What the queue holds now: the claims waiting, and the conflicts its uploads found not yet seen. */
  const refreshWaiting = useCallback(async () => {
    const [count, found] = await Promise.all([store.pendingCount(), store.conflicts()]);
    setWaiting(count);
    setConflicts(found);
  }, []);

  /**
   * Online: the keys, the refunded lists of Rome's today and tomorrow (a door offline past midnight
   * still knows the new day's refunds), then the waiting claims' upload.
   */
  const refresh = useCallback(async () => {
    try {
      const fetchedAt = new Date().toISOString();
      const [keys, me, ...lists] = await Promise.all([
        fetchKeys(device.token),
        fetchMe(device.token),
        ...refundedDays(new Date(fetchedAt)).map((day) => fetchRefunded(device.token, day)),
      ]);
      await store.setKeys(keys);
      await store.setPackageTags(me.package_tags);
      const refunded: RefundedLists = {
        days: Object.fromEntries(lists.map((l) => [l.date, l.tickets.map((t) => t.unique_id)])),
        fetchedAt,
        changed: Object.fromEntries(lists.flatMap((l) => l.changed.map((c) => [c.unique_id, c.revision]))),
      };
      await store.setRefunded(refunded);
      setOfflineReady(refunded);
      // Names only make the offline screen nicer: without them it shows the package's tag.
      await fetchPackageNames()
        .then((names) => store.setPackageNames(names))
        .catch(() => {});
      if ((await store.pendingCount()) > 0) {
        const summary = await syncQueue(store, (claims) => uploadClaims(device.token, claims));
        setLastSync({ at: new Date(), summary });
      }
    } catch (err) {
      if (err instanceof Unauthorized) return revoked();
    } finally {
      await refreshWaiting();
    }
  }, [device.token, revoked, refreshWaiting]);

  useEffect(() => {
    // What the device kept shows at once, all of it together (network or not), before any download.
    void Promise.all([store.getRefunded(), refreshWaiting()]).then(([r]) => r && setOfflineReady(r));
    if (online) void refresh();
    if (!online) return;
    const every = window.setInterval(refresh, 5 * 60_000);
    return () => clearInterval(every);
  }, [online, refresh, refreshWaiting]);

  const judgeHere = async (scan: string): Promise<Shown> => {
    const [keys, refunded, names, packageTags] = await Promise.all([
      store.getKeys(),
      store.getRefunded(),
      store.getPackageNames(),
      store.getPackageTags(),
    ]);
    // The moment of the scan decides its Rome day (past midnight, tomorrow's list and date).
    const at = new Date();
    const v = await judgeOffline(scan, {
      keys,
      refunded,
      at,
      claimedHere: (id) => store.claimedHere(id),
      packageTags,
    });
    let claimedAt = v.claimedAt;
    if (v.result === 'valid' && v.facts) {
      claimedAt = (await store.queueClaim(scan, v.facts.uniqueId, at)).claimed_at;
      await refreshWaiting();
    }
    const f = v.facts;
    return {
      result: v.result,
      message: v.message,
      ticket: f && {
        unique_id: f.uniqueId,
        package: names[f.packageTag] ?? f.packageTag,
        package_tag: f.packageTag,
        date: f.date,
        time: f.slot,
        adults: f.adults,
        youths: f.youths,
        infants: f.infants,
        // The signed ticket names the categories and counts (decision 070), not their prices, which
        // the scan screen does not show.
        extra_tickets: f.extras?.map(({ key, count }) => {
          const { label, proof } = priceCategory(key);
          return { key, count, label, proof, price: '' };
        }),
      },
      claimed_at: claimedAt,
      claimed_by: v.result === 'already_claimed' ? 'this device' : null,
      offline: true,
      here: v.result === 'already_claimed',
      listFrom: refunded ? listFromLabel(refunded, at) : undefined,
      warning: v.warning,
    };
  };

  const check = async (scan: string) => {
    if (busy.current || !scan.trim()) return;
    busy.current = true;
    try {
      let answer: Shown | null = null;
      if (navigator.onLine) {
        try {
          // Claims kept offline go first, so the server judges this scan knowing them.
          if ((await store.pendingCount()) > 0) {
            const summary = await syncQueue(store, (claims) => uploadClaims(device.token, claims));
            setLastSync({ at: new Date(), summary });
            await refreshWaiting();
          }
          const a = await claimOnline(device.token, scan);
          if (a.result === 'valid' && a.ticket)
            await store.markSeen(a.ticket.unique_id, a.claimed_at ?? new Date().toISOString());
          answer = { ...a, offline: false, here: false };
        } catch (err) {
          if (err instanceof Unauthorized) return revoked();
          if (!(err instanceof NetworkError)) {
            answer = {
              result: 'unknown',
              message: err instanceof Error ? err.message : 'The check failed.',
              ticket: null,
              claimed_at: null,
              claimed_by: null,
              offline: false,
              here: false,
            };
          }
        }
      }
      setShown(answer ?? (await judgeHere(scan)));
      if (field.current) field.current.value = '';
    } finally {
      busy.current = false;
    }
  };

  const toggleCamera = () => {
    const next = !camera;
    localStorage.setItem('rome-agent-camera', next ? 'on' : 'off');
    setCameraError(null);
    setCamera(next);
  };

  const onCameraError = useCallback((m: string) => {
    setCameraError(m);
    setCamera(false);
  }, []);

  return (
    <div className="door">
      <header className="bar">
        <Logo />
        <span
          className={`pill ${online ? 'pill-on' : 'pill-off'}`}
          role="status"
          aria-label={online ? 'Online' : 'Offline'}
        >
          {online ? <IconCloud className="i" /> : <IconCloudOff className="i" />}
          {online ? 'Online' : 'Offline'}
        </span>
      </header>
      <div className="strip">
        <span>
          {device.agentName} · {device.label}
        </span>
        <span className={waiting > 0 ? 'waiting waiting-some' : 'waiting'} data-testid="waiting">
          {waiting === 1 ? '1 claim waiting' : `${waiting} claims waiting`}
        </span>
      </div>
      {shown ? (
        <Result shown={shown} onNext={() => setShown(null)} />
      ) : (
        <main className="scan">
          {conflicts.length > 0 && (
            <ConflictCard
              conflicts={conflicts}
              onSeen={() => void store.markConflictsSeen(conflicts.map((c) => c.id)).then(refreshWaiting)}
            />
          )}
          {camera ? (
            <Scanner onText={(t) => void check(t)} onError={onCameraError} />
          ) : (
            <button type="button" className="camera-start" onClick={toggleCamera}>
              <IconCamera className="i-lg" />
              Scan with the camera
            </button>
          )}
          {cameraError && (
            <p className="error" role="alert">
              {cameraError}
            </p>
          )}
          <form
            className="type"
            onSubmit={(e) => {
              e.preventDefault();
              void check(field.current?.value ?? '');
            }}
          >
            <label htmlFor="scan-text">Or type or paste the code or claim link</label>
            <div className="row">
              <input
                id="scan-text"
                ref={field}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                placeholder="https://…/verify/…"
              />
              <button className="primary" type="submit">
                Check
              </button>
            </div>
          </form>
          {camera && (
            <button type="button" className="link" onClick={toggleCamera}>
              Stop the camera
            </button>
          )}
          <section className="status" aria-label="Sync">
            <p>
              {offlineReady
                ? `Ready offline for ${Object.keys(offlineReady.days)
                    .map((day) => formatRomeDate(day))
                    .join(' and ')} (keys and refunded ${listFromLabel(offlineReady, new Date())}).`
                : 'Not ready offline yet: connect once to download the keys.'}
            </p>
            {lastSync && (
              <p data-testid="sync-result">
                Synced {lastSync.summary.sent} {lastSync.summary.sent === 1 ? 'claim' : 'claims'} at{' '}
                {romeTimeLabel(lastSync.at, new Date())} (Rome)
                {lastSync.summary.conflicts > 0 &&
                  `: ${lastSync.summary.conflicts} claimed elsewhere too (conflict, listed for superusers)`}
                {lastSync.summary.refused > 0 && `, ${lastSync.summary.refused} refused by the server`}.
              </p>
            )}
            <div className="row">
              <button type="button" className="secondary" disabled={!online} onClick={() => void refresh()}>
                <IconSync className="i" /> Sync now
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  if (waiting === 0 || confirm('Claims are still waiting to sync. Sign out anyway?'))
                    onSignedOut(null);
                }}
              >
                <IconLogout className="i" /> Sign out
              </button>
            </div>
          </section>
        </main>
      )}
    </div>
  );
}

const TITLES: Record<ScanAnswer['result'], string> = {
  valid: 'Valid',
  already_claimed: 'Already claimed',
  refunded: 'Refunded',
  wrong_date: 'Wrong date',
  expired: 'Expired',
  replaced: 'Changed: old voucher',
  unknown: 'Unknown ticket',
  forged: 'Forged or altered',
  other_operator: "Another operator's ticket",
};

/**
 * The tickets an upload found claimed elsewhere too, at the top of the scan screen until the agent
 * presses 'Seen' (kept in IndexedDB meanwhile, so a reload or a sign-out does not lose them).
 */
function ConflictCard({ conflicts, onSeen }: { conflicts: ConflictNotice[]; onSeen: () => void }) {
  const now = new Date();
  const title =
    conflicts.length === 1 ? 'A ticket was claimed twice' : `${conflicts.length} tickets were claimed twice`;
  return (
    <section className="conflicts" aria-labelledby="conflicts-title" data-testid="conflicts">
      <h2 id="conflicts-title">
        <IconAlert className="i" />
        {title}
      </h2>
      <p>Claimed offline on this device and elsewhere too. Superusers see it in the conflicts list.</p>
      <ul>
        {conflicts.map((c) => (
          <li key={c.id}>
            <strong>{conflictTicket(c)}</strong>
            <span className="order">Order {orderReference(c.unique_id)}</span>
            <span>{conflictStory(c, now)}</span>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onSeen}>
        <IconCheck className="i" />
        Seen
      </button>
    </section>
  );
}

/**
 * Seconds left before `onDone`, counted down while `running`: the result screen goes by itself, and
 * says when.
 */
function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!running) return;
    const tick = window.setInterval(() => setLeft((l) => l - 1), 1000);
    return () => clearInterval(tick);
  }, [running]);
  useEffect(() => {
    if (running && left <= 0) done.current();
  }, [running, left]);
  return Math.max(0, left);
}

function Result({ shown, onNext }: { shown: Shown; onNext: () => void }) {
  const tone =
    shown.result === 'valid'
      ? 'green'
      : shown.result === 'already_claimed' || shown.result === 'wrong_date'
        ? 'amber'
        : 'red';
  const seconds = shown.result === 'valid' ? 4 : 7;
  // Kept: the agent wants the result for longer (a question at the door); it stays until 'Next scan'.
  const [kept, setKept] = useState(false);
  const left = useCountdown(seconds, !kept, onNext);
  const nextButton = useRef<HTMLButtonElement>(null);
  const keep = () => {
    setKept(true);
    // The keep button goes away: the focus goes to the one way on.
    nextButton.current?.focus();
  };
  const t = shown.ticket;
  const title = shown.here ? 'Already claimed on this device' : TITLES[shown.result];
  const Icon =
    shown.result === 'valid'
      ? IconCheck
      : shown.result === 'already_claimed'
        ? IconRepeat
        : tone === 'amber'
          ? IconAlert
          : IconCross;
  return (
    <main className={`result result-${tone}`} data-result={shown.result}>
      <div className="result-head" role="status">
        <Icon className="i-xl" />
        <h1>{title}</h1>
        {/* The server's message when it says more than the title ('Already claimed.' does not). */}
        {shown.message.replace(/\.$/, '') !== title && <p>{shown.message}</p>}
        {shown.result === 'already_claimed' && shown.claimed_at && (
          <p className="claimed">
            Claimed at {romeTimeLabel(shown.claimed_at, new Date())} (Rome) by {shown.claimed_by ?? 'unknown'}
          </p>
        )}
        {shown.offline && <p className="offline-note">Checked on the device, offline.</p>}
        {shown.offline && shown.listFrom && <p className="offline-note">Refunded {shown.listFrom} (Rome).</p>}
        {shown.warning && (
          <p className="banner banner-amber" role="alert" data-testid="list-warning">
            {shown.warning}
          </p>
        )}
      </div>
      {t && (
        <dl className="facts">
          <div className="wide">
            <dt>Ticket</dt>
            <dd>{t.package === t.package_tag ? t.package_tag : `${t.package} (${t.package_tag})`}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{t.date ? formatRomeDate(t.date) : 'Open date'}</dd>
          </div>
          <div>
            <dt>Time (Rome)</dt>
            <dd>{t.time ?? '—'}</dd>
          </div>
          <div>
            <dt>Adults</dt>
            <dd className="count">{t.adults}</dd>
          </div>
          <div className={t.youths > 0 ? 'youths youths-some' : 'youths'}>
            <dt>Youths</dt>
            <dd className="count">{t.youths}</dd>
          </div>
          {t.infants > 0 && (
            <div>
              <dt>Infants</dt>
              <dd className="count">{t.infants}</dd>
            </div>
          )}
          {/* Price categories (decision 070): the proof to check before letting them in, online and
              offline (the signed QR carries the categories since version 4). */}
          {t.extra_tickets?.map((l) => (
            <div key={l.key} className="wide" data-testid={`scan-extra-${l.key}`}>
              <dt>{l.label}</dt>
              <dd>
                <span className="count">{l.count}</span>
                {l.proof ? ` · Check: ${l.proof}` : ''}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="result-actions">
        {kept ? (
          <p className="goes" data-testid="countdown">
            Kept on screen until you tap Next scan.
          </p>
        ) : (
          <>
            <p className="goes" data-testid="countdown">
              {/* No-break spaces: on a narrow phone 'in 4 s' wraps as one. */}
              {`Next scan in\u00a0${left}\u00a0s`}
            </p>
            <button type="button" className="keep" onClick={keep}>
              <IconPin className="i" />
              Keep on screen
            </button>
          </>
        )}
        <button type="button" className="next" onClick={onNext} ref={nextButton}>
          Next scan
          {!kept && <span className="countdown" style={{ animationDuration: `${seconds}s` }} aria-hidden />}
        </button>
      </div>
    </main>
  );
}
