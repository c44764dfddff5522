/**
 * Operators as users (contract operator.api.ts, decision 066): the superusers' staff list and
 * invitations, taking an invitation, and the console's reads. The guard (modules/auth/operator-guard)
 * has checked the caller's role at the path's operator before any of these runs.
 */
import { OPERATOR_MESSAGES } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { publicUrlFor } from '../../lib/public-url';
import { enforce } from '../../lib/rate-limit';
import { bookingsOf, redemptionsOf } from './console';
import { acceptInvitation, everyOperator, invite, listStaff, membershipsOf, removeStaff } from './staff';

export const operatorRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/operator/', async (req) => {
    const user = signedIn(req);
    return user.isSuperuser
      ? { operators: await everyOperator(app.db), superuser: true }
      : { operators: await membershipsOf(app.db, user.id), superuser: false };
  });

  route(app, 'POST /api/operator/invitations/accept/', async (req) => {
    const user = signedIn(req);
    // A person opens an invitation's link once or twice; a guesser of tokens is stopped at 20 an hour.
    await enforce(app.db, `operator-invitation:user:${user.id}`, 20, 3600);
    const operator = await acceptInvitation(app.db, user, req.body.token);
    app.tokens.userChanged(user.id);
    return { operator, message: OPERATOR_MESSAGES.invitationTaken };
  });

  route(app, 'GET /api/admin/operator-staff/', async () => ({ staff: await listStaff(app.db) }));

  route(app, 'POST /api/admin/operator-staff/', async (req, reply) => {
    const user = signedIn(req);
    const staff = await invite(
      app.db,
      { folderId: req.body.folder_id, email: req.body.email, role: req.body.role },
      { userId: user.id, email: user.email },
      publicUrlFor(app.config, req),
    );
    return reply.code(201).send({ staff, message: OPERATOR_MESSAGES.invited });
  });

  route(app, 'DELETE /api/admin/operator-staff/:id/', async (req) => {
    const { userId } = await removeStaff(app.db, req.params.id, { userId: signedIn(req).id });
    // Its account's cached state (the manager flag the second factor rule reads) is forgotten everywhere.
    if (userId) app.tokens.userChanged(userId);
    return { message: OPERATOR_MESSAGES.removed };
  });

  route(app, 'GET /api/operator/:folder/bookings/', async (req) => ({
    bookings: await bookingsOf(app.db, req.params.folder, req.query),
  }));

  route(app, 'GET /api/operator/:folder/redemptions/', async (req) => ({
    redemptions: await redemptionsOf(app.db, req.params.folder, req.query),
  }));
};
