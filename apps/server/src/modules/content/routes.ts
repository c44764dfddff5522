import type { FastifyPluginAsync } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { withMessage } from '../../lib/errors';
import { clearPageImage, getStaticContent, saveContent, setPageImage, updatePageMeta } from './service';

/**
 * Who may call is checked before the body is validated: an anonymous or customer request answers
 * 401/403 whatever it sends, never a 400 that would tell it about the body it may not send. (The
 * entry's access also adds the guard as a preHandler; the token lookup is memoised, so it runs once.)
 */

export const contentRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/static-content/:pageTag/', async (req) =>
    getStaticContent(app.db, req.params.pageTag, req.query.lang),
  );

  route(app, 'POST /api/edit-content/:tag/', async (req) => {
    const out = await withMessage(() =>
      saveContent(app.db, signedIn(req).id, req.params.tag, req.body, req.query.lang),
    );
    req.log.info({ tag: out.data.unique_tag, editor: signedIn(req).id }, 'content block saved');
    // Every page's HTML carries the site's words (web/routes.ts), read once per site snapshot.
    app.siteCache.invalidate();
    return out;
  });

  route(app, 'PATCH /api/page-image/:tag/update/', async (req) => {
    const out = await setPageImage(app.db, signedIn(req).id, req.params.tag, req.body);
    // Pages preload their banner picture with the HTML (modules/web/head.ts).
    app.siteCache.invalidate();
    return out;
  });

  route(app, 'DELETE /api/page-image/:tag/', async (req) => {
    const out = await clearPageImage(app.db, signedIn(req).id, req.params.tag);
    app.siteCache.invalidate();
    return out;
  });

  route(app, 'PATCH /api/pages/:page/update/', async (req) => {
    const out = await updatePageMeta(app.db, signedIn(req).id, req.params.page, req.body, req.query.lang);
    app.siteCache.invalidate();
    return out;
  });
};
