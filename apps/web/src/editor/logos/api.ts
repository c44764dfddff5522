/** Partner logo calls for editors (spec §7): list all, create, update (any subset), delete. */
import type { PartnerLogo } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../api/client';

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

export type LogoInput = {
  name: string;
  logo_id: number | null;
  alt_text: string;
  website_url: string;
  is_active: boolean;
  order: number;
};

/** The public strip's query starts with the same key, so one invalidation refreshes both. */
export const allLogosKey = ['partner-logos', 'all'] as const;

export const allLogosQuery = queryOptions({
  queryKey: allLogosKey,
  queryFn: async ({ signal }) => {
    const res = await api<PartnerLogo[] | { data: PartnerLogo[] }>('partner-logos/all/', { signal });
    const list = Array.isArray(res) ? res : (res?.data ?? []);
    return [...list].sort((a, b) => a.order - b.order || a.id - b.id);
  },
});

/** The server's own text (its 400 answers carry the spec's validation messages), else the fallback. */
const failure = (err: unknown, fallback: string) =>
  new Error(err instanceof ApiError && typeof err.body?.error === 'string' ? err.body.error : fallback);

export async function createLogo(input: LogoInput): Promise<PartnerLogo> {
  try {
    return (await api<{ data: PartnerLogo }>('partner-logos/create/', { method: 'POST', body: input })).data;
  } catch (err) {
    throw failure(err, LOGO_MESSAGES.createFailed);
  }
}

export async function updateLogo(id: number, changes: Partial<LogoInput>): Promise<PartnerLogo> {
  try {
    return (
      await api<{ data: PartnerLogo }>(`partner-logos/${id}/update/`, { method: 'PATCH', body: changes })
    ).data;
  } catch (err) {
    throw failure(err, LOGO_MESSAGES.updateFailed);
  }
}

export async function deleteLogo(id: number): Promise<void> {
  try {
    await api(`partner-logos/${id}/delete/`, { method: 'DELETE' });
  } catch (err) {
    throw failure(err, LOGO_MESSAGES.deleteFailed);
  }
}
