/**
 * Events the shop records itself (payments): the dashboard's money figures come only from these. Their
 * actions and statuses are the contract's (SERVER_ACTIONS, PAYMENT_EVENT_STATUS in analytics.ts).
 */
import type { ActivitySource, PaymentEventStatus, ServerAction } from '@rome/contract';
import type { Db } from '../db/client';
import { activityEvents } from '../db/schema';

export type ServerEvent = {
  action: ServerAction;
  userId: string | null;
  userEmail: string | null;
  amountCents: number;
  status: PaymentEventStatus;
  details: Record<string, unknown>;
  ipAddress?: string | null;
};

/** The activity row that records `e`. */
export const serverEventRow = (e: ServerEvent) => ({
  action: e.action,
  source: 'server' as const satisfies ActivitySource,
  userId: e.userId,
  userEmail: e.userEmail,
  amountCents: e.amountCents,
  status: e.status,
  details: e.details,
  ipAddress: e.ipAddress ?? null,
});

export const EVENT_COLUMNS = [
  'action',
  'source',
  'userId',
  'userEmail',
  'amountCents',
  'status',
  'details',
  'ipAddress',
] as const satisfies readonly (keyof ReturnType<typeof serverEventRow>)[];

/** The insert that records `e` (to run alone, or in one statement with other writes). */
export const serverEventInsert = (db: Db, e: ServerEvent) =>
  db.insert(activityEvents).values(serverEventRow(e));

export async function recordServerEvent(db: Db, e: ServerEvent): Promise<void> {
  await serverEventInsert(db, e);
}
