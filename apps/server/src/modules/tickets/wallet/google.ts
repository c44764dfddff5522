/**
 * Google Wallet: an 'Add to Google Wallet' link, https://pay.google.com/gp/v/save/<JWT>, whose JWT
 * (RS256, signed with the issuer's service-account key) carries the ticket as an event-ticket object
 * and its package as the object's class. Google creates both when the link is opened (a class or an
 * object that already exists is kept as it is), so the shop makes no call to Google's API. The
 * object's words are in the order's language (decision 024), marked with it.
 */
import { readFile } from 'node:fs/promises';
import { romeLocalIso } from '@rome/contract';
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletConfig } from '../../../config';
import {
  BRAND,
  localeOf,
  referenceOf,
  SHOP_NAME,
  statusText,
  ticketsText,
  visitText,
  type WalletTicket,
  wordsOf,
} from './ticket';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

type Signer = { email: string; key: Awaited<ReturnType<typeof importPKCS8>> };
const signerCache = new Map<string, Promise<Signer>>();

/** The service account: a JSON key file (client_email, private_key), or an e-mail and a PEM file. */
function signer(config: GoogleWalletConfig): Promise<Signer> {
  const cacheKey = config.keyFilePath ?? `${config.serviceAccountEmail}\n${config.privateKeyPath}`;
  let loaded = signerCache.get(cacheKey);
  if (!loaded) {
    loaded = (async () => {
      let email: string;
      let pem: string;
      if (config.keyFilePath) {
        const json = JSON.parse(await readFile(config.keyFilePath, 'utf8')) as {
          client_email?: string;
          private_key?: string;
        };
        if (!json.client_email || !json.private_key)
          throw new Error('GOOGLE_WALLET_KEY_FILE has no client_email or private_key.');
        email = json.client_email;
        pem = json.private_key;
      } else {
        email = config.serviceAccountEmail!;
        pem = await readFile(config.privateKeyPath!, 'utf8');
      }
      return { email, key: await importPKCS8(pem, 'RS256') };
    })();
    loaded.catch(() => signerCache.delete(cacheKey));
    signerCache.set(cacheKey, loaded);
  }
  return loaded;
}

/** Google's ids allow letters, digits, '.', '_' and '-' after the issuer id and a dot. */
const idPart = (s: string): string => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100);

/** The class of the ticket's package: '<issuer>.<GOOGLE_WALLET_CLASS_ID>-<package tag>'. */
export function googleClassId(config: GoogleWalletConfig, t: Pick<WalletTicket, 'package_tag'>): string {
  const prefix = config.classId.startsWith(`${config.issuerId}.`)
    ? config.classId.slice(config.issuerId.length + 1)
    : config.classId;
  return `${config.issuerId}.${idPart(prefix)}-${idPart(t.package_tag)}`;
}

export const googleObjectId = (config: GoogleWalletConfig, t: Pick<WalletTicket, 'unique_id'>): string =>
  `${config.issuerId}.${idPart(t.unique_id)}`;

/** The event-ticket class (one per package) and object (one per order), as Google's REST shapes. */
export function googleWalletObjects(config: GoogleWalletConfig, t: WalletTicket, publicUrl: string) {
  const i18n = wordsOf(t);
  const text = (value: string) => ({ defaultValue: { language: localeOf(t), value } });
  const classId = googleClassId(config, t);
  const eventClass = {
    id: classId,
    issuerName: SHOP_NAME,
    reviewStatus: 'UNDER_REVIEW',
    eventId: idPart(t.package_tag).slice(0, 64),
    eventName: text(t.package_title),
    logo: { sourceUri: { uri: `${publicUrl}/icon-512.png` }, contentDescription: text(SHOP_NAME) },
    hexBackgroundColor: BRAND.background,
  };
  const modules = [
    ...(t.operator ? [{ id: 'operator', header: i18n._('Operator'), body: t.operator }] : []),
    { id: 'when', header: i18n._('When (Rome time)'), body: visitText(t) },
    ...(t.validity ? [{ id: 'validity', header: i18n._('Validity'), body: t.validity }] : []),
    ...(t.meeting_point ? [{ id: 'meeting', header: i18n._('Meeting point'), body: t.meeting_point }] : []),
    { id: 'status', header: i18n._('Status'), body: statusText(t) },
  ];
  const start = t.starts_at
    ? romeLocalIso(new Date(t.starts_at))
    : t.selected_date
      ? `${t.selected_date}T00:00:00`
      : null;
  const eventObject = {
    id: googleObjectId(config, t),
    classId,
    state: t.status === 'paid' ? 'ACTIVE' : 'INACTIVE',
    barcode: { type: 'QR_CODE', value: t.qr_payload, alternateText: referenceOf(t) },
    ...(t.holder_name ? { ticketHolderName: t.holder_name } : {}),
    ticketNumber: referenceOf(t),
    ticketType: text(ticketsText(t)),
    reservationInfo: { confirmationCode: referenceOf(t) },
    hexBackgroundColor: BRAND.background,
    ...(start ? { validTimeInterval: { start: { date: start } } } : {}),
    textModulesData: modules,
  };
  return { eventClass, eventObject };
}

/** The signed JWT of the save link. `origins`: the shop's address, where the link is shown. */
export async function googleWalletJwt(
  config: GoogleWalletConfig,
  t: WalletTicket,
  publicUrl: string,
  now = new Date(),
): Promise<string> {
  const { email, key } = await signer(config);
  const { eventClass, eventObject } = googleWalletObjects(config, t, publicUrl);
  return new SignJWT({
    typ: 'savetowallet',
    origins: [publicUrl],
    payload: { eventTicketClasses: [eventClass], eventTicketObjects: [eventObject] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(email)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
}

/** The 'Add to Google Wallet' link of the ticket. */
export async function googleWalletSaveUrl(
  config: GoogleWalletConfig,
  t: WalletTicket,
  publicUrl: string,
): Promise<string> {
  return `${GOOGLE_SAVE_URL}${await googleWalletJwt(config, t, publicUrl)}`;
}
