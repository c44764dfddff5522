/**
 * Every editor's and superuser's change is kept in edit_log with who, when, before and after (the
 * content, catalogue, slot, logo, media and settings edits all record through this one writer).
 */
import type { Db } from '../db/client';
import { editLog } from '../db/schema';

export async function recordEdit(
  db: Db,
  e: { userId: string; entity: string; entityKey: string; before: unknown; after: unknown },
) {
  await db.insert(editLog).values({
    userId: e.userId,
    entity: e.entity,
    entityKey: e.entityKey,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}
