/** Events the shop records itself (payments): the dashboard's money figures come only from these. */
import type { Db } from '../../db/client';
import { activityEvents } from '../../db/schema';

export type ServerEvent = {
  action: 'payment_initiated' | 'payment_completed' | 'payment_cancelled';
  userId: string | null;
  userEmail: string | null;
  amountCents: number;
  status: 'pending' | 'completed' | 'cancelled' | 'failed';
  details: Record<string, unknown>;
  ipAddress?: string | null;
};

export async function recordServerEvent(db: Db, e: ServerEvent): Promise<void> {
  await db.insert(activityEvents).values({
    action: e.action,
    source: 'server',
    userId: e.userId,
    userEmail: e.userEmail,
    amountCents: e.amountCents,
    status: e.status,
    details: e.details,
    ipAddress: e.ipAddress ?? null,
  });
}
