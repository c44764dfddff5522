import { useLingui } from '@lingui/react/macro';

/**
 * The card brands the hosted checkout accepts: one drawing (public/payment-methods.svg) loaded as a
 * picture when the footer comes near, so the marks cost the first load no script.
 */
export function PaymentMethods({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  return (
    <img
      src="/payment-methods.svg"
      width={236}
      height={36}
      loading="lazy"
      decoding="async"
      className={className}
      alt={t`We accept Visa, Mastercard, American Express, Apple Pay and Google Pay`}
    />
  );
}
