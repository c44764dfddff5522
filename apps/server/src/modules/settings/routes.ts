import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../lib/errors';
import { requireEditor } from '../auth/plugin';
import { recordEdit } from '../content/service';
import { getSettingsRow, getWebsiteSettings, setGlobalHeadCode } from './service';

/** Longest head code accepted; a tag manager snippet is a few hundred characters. */
const HEAD_CODE_MAX = 50_000;

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/website-settings/', async () => ({ status: 200, data: await getWebsiteSettings(app.db) }));

  app.get('/api/website-settings/global-head-code/', async () => ({
    status: 200,
    global_head_code: (await getSettingsRow(app.db))?.globalHeadCode ?? '',
  }));

  app.patch('/api/website-settings/global-head-code/', { preHandler: requireEditor }, async (req) => {
    const code = (req.body as { global_head_code?: unknown } | null)?.global_head_code;
    if (typeof code !== 'string') throw badRequest('global_head_code is required.');
    if (code.length > HEAD_CODE_MAX)
      throw badRequest(`The head code is too long (at most ${HEAD_CODE_MAX} characters).`);
    const change = await setGlobalHeadCode(app.db, code);
    await recordEdit(app.db, {
      userId: req.user!.id,
      entity: 'global_head_code',
      entityKey: 'global',
      ...change,
    });
    // Logged on purpose: this markup runs on every page, so who changed it must be traceable.
    req.log.warn({ editor: req.user!.id, length: code.length }, 'global head code changed');
    app.siteCache.invalidate();
    return { status: 200, global_head_code: code };
  });
};
