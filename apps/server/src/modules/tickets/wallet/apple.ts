/**
 * Apple Wallet: one signed .pkpass (an event ticket) per order, made by passkit-generator: pass.json,
 * the shop's icon and logo, manifest.json (SHA-1 of every file) and `signature`, a detached PKCS#7
 * signature of the manifest by the Pass Type ID certificate, with Apple's WWDR certificate in the chain.
 * Dates and times are Rome's, written out as text, so a phone in another time zone shows what the
 * ticket says. Labels and values are in the order's language (decision 024): one language per pass, so
 * pass.json carries no other languages' .lproj strings.
 */
import { readFile } from 'node:fs/promises';
import { PKPass } from 'passkit-generator';
import type { AppleWalletConfig } from '../../../config';
import { passImages } from './images';
import {
  BRAND,
  localeOf,
  referenceOf,
  relevantInstant,
  SHOP_NAME,
  statusText,
  ticketsText,
  visitParts,
  visitText,
  type WalletTicket,
  wordsOf,
} from './ticket';

export const PKPASS_TYPE = 'application/vnd.apple.pkpass';

type Certificates = { wwdr: Buffer; signerCert: Buffer; signerKey: Buffer; signerKeyPassphrase?: string };

const certificateCache = new Map<string, Promise<Certificates>>();

/** The signing files, read once per set of paths (a restart picks up renewed certificates). */
function certificates(config: AppleWalletConfig): Promise<Certificates> {
  const key = [
    config.wwdrCertPath,
    config.signerCertPath,
    config.signerKeyPath,
    config.signerKeyPassphrase,
  ].join('\n');
  let loaded = certificateCache.get(key);
  if (!loaded) {
    loaded = Promise.all([
      readFile(config.wwdrCertPath),
      readFile(config.signerCertPath),
      readFile(config.signerKeyPath),
    ]).then(([wwdr, signerCert, signerKey]) => ({
      wwdr,
      signerCert,
      signerKey,
      ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
    }));
    loaded.catch(() => certificateCache.delete(key));
    certificateCache.set(key, loaded);
  }
  return loaded;
}

const rgb = (hex: string): string =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** pass.json of the ticket (without the barcode, which PKPass adds). */
export function passJson(config: AppleWalletConfig, t: WalletTicket): Record<string, unknown> {
  const { date, time } = visitParts(t);
  const reference = referenceOf(t);
  const i18n = wordsOf(t);
  // The front's labels are capitals, as the pass has always shown them ('DATE (ROME)').
  const upper = (label: string) => label.toLocaleUpperCase(localeOf(t));
  const back = [
    ...(t.operator ? [{ key: 'operator', label: i18n._('Operator'), value: t.operator }] : []),
    { key: 'visit', label: i18n._('When (Rome time)'), value: visitText(t) },
    { key: 'tickets', label: i18n._('Tickets'), value: ticketsText(t) },
    ...(t.validity ? [{ key: 'validity', label: i18n._('Validity'), value: t.validity }] : []),
    ...(t.meeting_point ? [{ key: 'meeting', label: i18n._('Meeting point'), value: t.meeting_point }] : []),
    { key: 'reference', label: i18n._('Order reference'), value: reference },
    {
      key: 'terms',
      label: i18n._('How to use'),
      value: i18n._('Show the QR code to an agent. Times are Rome time. {shop}.', { shop: SHOP_NAME }),
    },
  ];
  const relevant = relevantInstant(t);
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    organizationName: SHOP_NAME,
    serialNumber: t.unique_id,
    description: `${SHOP_NAME}: ${t.package_title}`,
    logoText: SHOP_NAME,
    backgroundColor: rgb(BRAND.background),
    foregroundColor: rgb(BRAND.foreground),
    labelColor: rgb(BRAND.label),
    sharingProhibited: true,
    ...(t.status === 'refunded' ? { voided: true } : {}),
    ...(relevant ? { relevantDate: relevant.toISOString() } : {}),
    eventTicket: {
      headerFields: [{ key: 'status', label: upper(i18n._('Status')), value: statusText(t) }],
      primaryFields: [
        { key: 'package', label: t.operator ?? upper(i18n._('Ticket')), value: t.package_title },
      ],
      secondaryFields: [
        { key: 'date', label: upper(i18n._('Date (Rome)')), value: date ?? i18n._('Open-dated') },
        ...(time ? [{ key: 'time', label: upper(i18n._('Time (Rome)')), value: time }] : []),
      ],
      auxiliaryFields: [
        { key: 'adults', label: upper(i18n._('Adults')), value: t.adults },
        { key: 'youths', label: upper(i18n._('Youths')), value: t.youths },
        ...(t.infants > 0
          ? [{ key: 'infants', label: upper(i18n._('Children (free)')), value: t.infants }]
          : []),
        { key: 'order', label: upper(i18n._('Order')), value: reference },
      ],
      backFields: back,
    },
  };
}

/** The signed .pkpass of the ticket. */
export async function appleWalletPass(config: AppleWalletConfig, t: WalletTicket): Promise<Buffer> {
  const [certs, images] = await Promise.all([certificates(config), passImages()]);
  const pass = new PKPass(
    { ...images, 'pass.json': Buffer.from(JSON.stringify(passJson(config, t))) },
    certs,
  );
  pass.setBarcodes({
    message: t.qr_payload,
    format: 'PKBarcodeFormatQR',
    messageEncoding: 'iso-8859-1',
    altText: referenceOf(t),
  });
  return pass.getAsBuffer();
}
