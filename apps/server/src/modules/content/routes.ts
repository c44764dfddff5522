import type { FastifyPluginAsync } from 'fastify';
import { requireEditor } from '../auth/plugin';
import { getStaticContent, saveContent, setPageImage, updatePageMeta } from './service';

type Body = Record<string, unknown>;
const bodyOf = (b: unknown): Body => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Body) : {});

export const contentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/static-content/:pageTag/', async (req) =>
    getStaticContent(app.db, (req.params as { pageTag: string }).pageTag),
  );

  app.post('/api/edit-content/:tag/', { preHandler: requireEditor }, async (req) => {
    const out = await saveContent(
      app.db,
      req.user!.id,
      (req.params as { tag: string }).tag,
      bodyOf(req.body),
    );
    req.log.info({ tag: out.data.unique_tag, editor: req.user!.id }, 'content block saved');
    return out;
  });

  app.patch('/api/page-image/:tag/update/', { preHandler: requireEditor }, async (req) => {
    const out = await setPageImage(
      app.db,
      req.user!.id,
      (req.params as { tag: string }).tag,
      bodyOf(req.body),
    );
    // Pages preload their banner picture with the HTML (modules/web/head.ts).
    app.siteCache.invalidate();
    return out;
  });

  app.patch('/api/pages/:page/update/', { preHandler: requireEditor }, async (req) => {
    const out = await updatePageMeta(
      app.db,
      req.user!.id,
      (req.params as { page: string }).page,
      bodyOf(req.body),
    );
    app.siteCache.invalidate();
    return out;
  });
};
