/** Partner logo calls for editors (spec §7): list all, create, update (any subset), delete. */
import type { ApiAnswer, ApiBody } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, errorMessage } from '../../api/client';

export const LOGO_MESSAGES = {
  loadFailed: 'Failed to load partner logos',
  created: 'Partner logo created successfully!',
  createFailed: 'Failed to create partner logo',
  updated: 'Partner logo updated successfully!',
  updateFailed: 'Failed to update partner logo',
  deleted: 'Partner logo deleted successfully!',
  deleteFailed: 'Failed to delete partner logo',
  deleteConfirm: (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`,
} as const;

/** What the editor sends on create (all of it) and update (any of it), as the contract states it. */
export type LogoInput = Required<NonNullable<ApiBody<'POST /api/partner-logos/create/'>>>;
type Logo = ApiAnswer<'POST /api/partner-logos/create/'>['data'];

/** The public strip's query starts with the same key, so one invalidation refreshes both. */
export const allLogosKey = ['partner-logos', 'all'] as const;

export const allLogosQuery = queryOptions({
  queryKey: allLogosKey,
  queryFn: async ({ signal }) => {
    const list = await call('GET /api/partner-logos/all/', {}, { signal });
    return [...list].sort((a, b) => a.order - b.order || a.id - b.id);
  },
});

/** The server's own text (its 400 answers carry the spec's validation messages), else the fallback. */
const failure = (err: unknown, fallback: string) => new Error(errorMessage(err, fallback));

export async function createLogo(input: LogoInput): Promise<Logo> {
  try {
    return (await call('POST /api/partner-logos/create/', { body: input })).data;
  } catch (err) {
    throw failure(err, LOGO_MESSAGES.createFailed);
  }
}

export async function updateLogo(id: number, changes: Partial<LogoInput>): Promise<Logo> {
  try {
    return (await call('PATCH /api/partner-logos/:id/update/', { params: { id: String(id) }, body: changes }))
      .data;
  } catch (err) {
    throw failure(err, LOGO_MESSAGES.updateFailed);
  }
}

export async function deleteLogo(id: number): Promise<void> {
  try {
    await call('DELETE /api/partner-logos/:id/delete/', { params: { id: String(id) } });
  } catch (err) {
    throw failure(err, LOGO_MESSAGES.deleteFailed);
  }
}
