/** Inventory set-up shared by the API tests: a package made timed (START_TIME) by an editor. */
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './users';

/** Timed entries, booking closes 30 minutes before the start, cancellations until 24 hours before. */
export const TIMED = {
  availability_type: 'START_TIME',
  cutoff_minutes: 30,
  cancel_cutoff_hours: 24,
  infants_take_place: false,
  pass_hours: null,
  validity_days: null,
  daily_cap: null,
} as const;

/** Makes `tag` a timed package through the editor's call; answers the HTTP status. */
export async function makeTimed(app: FastifyInstance, editor: TestUser, tag: string): Promise<number> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/editor/packages/${tag}/availability/`,
    headers: editor.auth,
    payload: TIMED,
  });
  return res.statusCode;
}
