import { useLingui } from '@lingui/react/macro';

/** The card brands the hosted checkout accepts, drawn inline (no request, scales crisply). */
export function PaymentMethods({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  return (
    <svg
      viewBox="0 0 236 36"
      className={className}
      role="img"
      aria-label={t`We accept Visa, Mastercard, American Express, Apple Pay and Google Pay`}
    >
      <g>
        <rect x="0.5" y="0.5" width="43" height="35" rx="5" fill="#fff" stroke="#d6d3d1" />
        <text
          x="22"
          y="23.5"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="13"
          fontWeight="900"
          fontStyle="italic"
          fill="#1a1f71"
        >
          VISA
        </text>
      </g>
      <g transform="translate(48 0)">
        <rect x="0.5" y="0.5" width="43" height="35" rx="5" fill="#fff" stroke="#d6d3d1" />
        <circle cx="17" cy="18" r="9" fill="#eb001b" />
        <circle cx="27" cy="18" r="9" fill="#f79e1b" />
        <path d="M22 10.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#ff5f00" />
      </g>
      <g transform="translate(96 0)">
        <rect x="0.5" y="0.5" width="43" height="35" rx="5" fill="#2e77bc" stroke="#2e77bc" />
        <text
          x="22"
          y="22"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="10"
          fontWeight="900"
          fill="#fff"
        >
          AMEX
        </text>
      </g>
      <g transform="translate(144 0)">
        <rect x="0.5" y="0.5" width="43" height="35" rx="5" fill="#000" />
        <path
          d="M13.6 13.2c.5-.6.8-1.4.7-2.2-.7 0-1.6.5-2.1 1.1-.5.5-.9 1.3-.8 2.1.8.1 1.6-.4 2.2-1zm.7 1.1c-1.2-.1-2.2.7-2.8.7-.6 0-1.4-.6-2.4-.6-1.2 0-2.3.7-3 1.8-1.3 2.2-.3 5.5.9 7.3.6.9 1.3 1.8 2.2 1.8.9 0 1.2-.6 2.3-.6 1.1 0 1.4.6 2.3.6 1 0 1.6-.9 2.2-1.8.7-1 1-2 1-2.1 0 0-1.9-.7-1.9-2.9 0-1.8 1.5-2.7 1.6-2.7-.9-1.3-2.2-1.4-2.7-1.5z"
          fill="#fff"
        />
        <text
          x="30"
          y="23"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="10"
          fill="#fff"
        >
          Pay
        </text>
      </g>
      <g transform="translate(192 0)">
        <rect x="0.5" y="0.5" width="43" height="35" rx="5" fill="#fff" stroke="#d6d3d1" />
        <text
          x="12"
          y="23"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="13"
          fontWeight="700"
          fill="#4285f4"
        >
          G
        </text>
        <text
          x="28"
          y="23"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="10"
          fill="#3c4043"
        >
          Pay
        </text>
      </g>
    </svg>
  );
}
