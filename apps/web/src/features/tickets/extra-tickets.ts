import { i18n } from '@lingui/core';
import { type ExtraTicketView, PRICE_CATEGORY_MESSAGES, priceCategory } from '@rome/contract';

/**
 * A ticket's price categories as label and value rows (decision 070), in the page's language: the
 * proof the door checks ('Bring: Disability card'), and with `counts` how many ('1 · Bring: ...'), for
 * the claim page where the spec's counts are rows of their own.
 */
export function extraTicketRows(
  extras: readonly ExtraTicketView[] | undefined,
  { counts }: { counts: boolean },
): [string, string][] {
  return (extras ?? []).flatMap((l) => {
    const { label, proof } = priceCategory(l.key);
    const bring = proof ? i18n._(PRICE_CATEGORY_MESSAGES.bring, { proof: i18n._(proof) }) : '';
    if (!counts) return bring ? [[i18n._(label), bring] as [string, string]] : [];
    return [[i18n._(label), [String(l.count), bring].filter(Boolean).join(' · ')] as [string, string]];
  });
}
