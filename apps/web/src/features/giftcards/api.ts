/**
 * Gift cards' calls (decision 053). Here, not in src/api/, so that none of it is in the shell every
 * visitor downloads: only the gift card pages load it.
 */
import type { GiftCardBuy } from '@rome/contract';
import { call } from '../../api/client';

export const buyGiftCard = (body: GiftCardBuy) => call('POST /api/gift-cards/', { body }, { auth: false });

export const fetchGiftCard = (token: string, signal?: AbortSignal) =>
  call('GET /api/gift-card-links/:token/', { params: { token } }, { signal, auth: false });

/** The PDF by the link: a plain download link, no script needed. */
export const giftCardPdfUrl = (token: string) => `/api/gift-card-links/${encodeURIComponent(token)}/pdf/`;
