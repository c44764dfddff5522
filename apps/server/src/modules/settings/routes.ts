import type { FastifyPluginAsync } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { recordEdit } from '../../lib/edit-log';
import {
  getSettingsRow,
  getWebsiteSettings,
  setContactDetails,
  setGlobalHeadCode,
} from '../../lib/site-settings';

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/website-settings/', async () => ({
    status: 200 as const,
    data: await getWebsiteSettings(app.db),
  }));

  route(
    app,
    'PATCH /api/website-settings/',
    async (req) => {
      const change = await setContactDetails(app.db, req.body);
      await recordEdit(app.db, {
        userId: signedIn(req).id,
        entity: 'contact_details',
        entityKey: 'website',
        ...change,
      });
      app.siteCache.invalidate();
      return { status: 200 as const, data: await getWebsiteSettings(app.db) };
    },
    { preValidation: app.accessGuards.editor },
  );

  route(app, 'GET /api/website-settings/global-head-code/', async () => ({
    status: 200 as const,
    global_head_code: (await getSettingsRow(app.db))?.globalHeadCode ?? '',
  }));

  route(
    app,
    'PATCH /api/website-settings/global-head-code/',
    async (req) => {
      const code = req.body.global_head_code;
      const change = await setGlobalHeadCode(app.db, code);
      await recordEdit(app.db, {
        userId: signedIn(req).id,
        entity: 'global_head_code',
        entityKey: 'global',
        ...change,
      });
      // Logged on purpose: this markup runs on every page, so who changed it must be traceable.
      req.log.warn({ editor: signedIn(req).id, length: code.length }, 'global head code changed');
      app.siteCache.invalidate();
      return { status: 200 as const, global_head_code: code };
    },
    // Who may call is decided before the body is validated: an anonymous caller gets 401, not 400.
    // (route() adds the same guard as a preHandler; the sign-in lookup is memoised per request.)
    { preValidation: app.accessGuards.editor },
  );
};
