/**
 * A gift card at checkout (decision 053): the visitor types the code, the server answers the card's
 * balance, and the panel shows what the card pays of this order (min(balance, total), the contract's
 * giftCardTakeCents) and what is left to pay by card. The checkout sends the code and the server takes
 * the card's part again under the card's lock: what is shown here is never trusted.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { decimalToCents, formatEuro } from '@rome/contract';
import { useState } from 'react';
import { call, errorMessage } from '../../api/client';
import { pageLocale } from '../../i18n/locale';
import { AppliedCode, CodeEntry } from './CodeEntry';

export type AppliedGiftCard = { code: string; balanceCents: number };

export function GiftCardCode({
  applied,
  onApplied,
}: {
  applied: AppliedGiftCard | null;
  onApplied: (card: AppliedGiftCard | null) => void;
}) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (text: string) => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      const card = await call(
        'POST /api/gift-cards/check/',
        { body: { gift_card_code: text } },
        { auth: false },
      );
      setError(null);
      onApplied({ code: card.gift_card_code, balanceCents: decimalToCents(card.balance) ?? 0 });
    } catch (err) {
      onApplied(null);
      setError(errorMessage(err, t(msg`This gift card code is not valid.`)));
    } finally {
      setBusy(false);
    }
  };

  if (applied)
    return (
      <AppliedCode
        testId="gift-card-applied"
        onRemove={() => {
          onApplied(null);
          setError(null);
        }}
      >
        <Trans>
          Gift card <strong className="font-mono">{applied.code}</strong>: balance{' '}
          {formatEuro(applied.balanceCents, pageLocale)}
        </Trans>
      </AppliedCode>
    );

  return (
    <CodeEntry
      ask={<Trans>Have a gift card?</Trans>}
      label={<Trans>Gift card code</Trans>}
      placeholder="XXXX-XXXX-XXXX-XXXX"
      busy={busy}
      error={error}
      onApply={(code) => void check(code)}
    />
  );
}

/** The card's line under the total: 'Gift card −€25.00', and what is left to pay by card. */
export function GiftCardLines({ partCents, toPayCents }: { partCents: number; toPayCents: number }) {
  return (
    <>
      <p className="mt-1 flex items-baseline justify-between text-sm text-green-800">
        <span>
          <Trans>Paid with the gift card</Trans>
        </span>
        <span data-testid="order-gift-card" className="font-semibold">
          −{formatEuro(partCents, pageLocale)}
        </span>
      </p>
      <p className="mt-1 flex items-baseline justify-between text-sm font-semibold text-stone-900">
        <span>
          <Trans>To pay by card</Trans>
        </span>
        <span data-testid="order-to-pay">{formatEuro(toPayCents, pageLocale)}</span>
      </p>
    </>
  );
}
