/**
 * Client addresses: which are private (no location), how they are anonymised, and where a public one
 * is, from offline .mmdb databases read with `maxmind`.
 */
import { BlockList, isIP } from 'node:net';
import maxmind, { type Reader } from 'maxmind';

export const LOCAL_NETWORK = 'Local network';

export type Location = {
  country: string | null;
  countryCode: string | null;
  city: string | null;
  region: string | null;
};

const NO_LOCATION: Location = { country: null, countryCode: null, city: null, region: null };
const LOCAL: Location = { country: LOCAL_NETWORK, countryCode: null, city: null, region: null };

/**
 * Loopback, private, link-local, shared (CGNAT), unique-local, unspecified, multicast and reserved
 * ranges: no location, and never called by the shop's webhooks in production (no SSRF).
 */
const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv6');

/** '::ffff:1.2.3.4' -> '1.2.3.4'; anything that is not an address -> null. */
export function normaliseIp(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let ip = raw.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1];
  return isIP(ip) ? ip : null;
}

export function isPrivateIp(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return nonPublic.check(ip, 'ipv4');
  if (family === 6) return nonPublic.check(ip, 'ipv6');
  return true;
}

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const o = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const a = part(head);
  const b = tail === undefined ? [] : part(tail);
  return [...a, ...new Array(8 - a.length - b.length).fill(0), ...b];
}

/**
 * The part of a client address that one client controls, for keys of limits and caps: an IPv4 address
 * as it is, an IPv6 address by its /64 network (one household or phone is given a whole /64 and can
 * pick any address in it, so a key on the full address would let a guesser start afresh at will).
 */
export function limitAddress(ip: string): string {
  const plain = normaliseIp(ip) ?? ip;
  if (isIP(plain) !== 6) return plain;
  const g = ipv6Groups(plain);
  return `${g
    .slice(0, 4)
    .map((n) => n.toString(16))
    .join(':')}::/64`;
}

/** IPv4 with the last octet zeroed; IPv6 with only the first 48 bits kept. */
export function anonymiseIp(ip: string): string {
  const family = isIP(ip);
  if (family === 4) return ip.replace(/\.\d+$/, '.0');
  if (family === 6) {
    const g = ipv6Groups(ip);
    return `${g
      .slice(0, 3)
      .map((n) => n.toString(16))
      .join(':')}::`;
  }
  return ip;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

type AnyRecord = Record<string, any>;

/** Reads both the ip-location-db layout (country_code, state1, city) and MaxMind's GeoLite2 layout. */
function toLocation(r: AnyRecord): Location {
  const code: string | null = r.country_code ?? r.country?.iso_code ?? r.registered_country?.iso_code ?? null;
  const city: string | null = (typeof r.city === 'string' ? r.city : r.city?.names?.en) || null;
  const region: string | null = r.state1 || r.subdivisions?.[0]?.names?.en || null;
  const upper = code ? String(code).toUpperCase() : null;
  return {
    countryCode: upper,
    country: upper ? (r.country?.names?.en ?? countryName(upper)) : null,
    city,
    region,
  };
}

/** One reader per file per process, opened on first need (async read: the event loop keeps going). */
const readers = new Map<string, Promise<Reader<AnyRecord> | null>>();
function openReader(file: string, onError: (err: unknown) => void): Promise<Reader<AnyRecord> | null> {
  let r = readers.get(file);
  if (!r) {
    r = maxmind.open<AnyRecord>(file).catch((err) => {
      onError(err);
      return null;
    });
    readers.set(file, r);
  }
  return r;
}

export type GeoLocator = {
  /** Starts loading the databases in the background. */
  warm(): void;
  locate(ip: string | null): Promise<Location>;
};

export function createGeoLocator(
  files: string[],
  log: { warn(obj: unknown, msg: string): void },
): GeoLocator {
  const onError = (err: unknown) => log.warn({ err }, 'IP location database could not be opened');
  const all = () => Promise.all(files.map((f) => openReader(f, onError)));
  return {
    warm() {
      void all();
    },
    async locate(ip) {
      if (!ip) return NO_LOCATION;
      if (isPrivateIp(ip)) return LOCAL;
      const family = isIP(ip);
      for (const reader of await all()) {
        if (!reader) continue;
        // An IPv4-only database cannot answer an IPv6 address.
        if (family === 6 && reader.metadata.ipVersion === 4) continue;
        try {
          const hit = reader.get(ip);
          if (hit) return toLocation(hit);
        } catch {
          // Not answerable by this database: try the next.
        }
      }
      return NO_LOCATION;
    },
  };
}
