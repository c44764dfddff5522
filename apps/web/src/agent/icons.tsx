/** The agents' app's icons: inline SVG (no emoji, no icon font). */
type P = { className?: string };
const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export const IconCheck = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M4 12.5l5 5L20 6.5" />
  </svg>
);
export const IconCross = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const IconAlert = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M12 3l10 18H2L12 3z" />
    <path d="M12 10v5M12 18v.01" />
  </svg>
);
export const IconRepeat = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M17 2l4 4-4 4" />
    <path d="M3 11V9a3 3 0 0 1 3-3h15" />
    <path d="M7 22l-4-4 4-4" />
    <path d="M21 13v2a3 3 0 0 1-3 3H3" />
  </svg>
);
export const IconCamera = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M3 8a2 2 0 0 1 2-2h2l2-3h6l2 3h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    <circle cx="12" cy="13" r="4" />
  </svg>
);
export const IconCloud = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M7 18a5 5 0 1 1 1.5-9.8A6 6 0 0 1 20 11a4 4 0 0 1-1 7z" />
  </svg>
);
export const IconCloudOff = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M7 18a5 5 0 0 1-1.7-9.7M9.5 6.3A6 6 0 0 1 20 11a4 4 0 0 1-.7 6.6" />
    <path d="M3 3l18 18" />
  </svg>
);
export const IconSync = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />
  </svg>
);
export const IconLogout = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 17l-5-5 5-5M5 12h11" />
  </svg>
);
export const IconPin = ({ className }: P) => (
  <svg {...base} className={className}>
    <path d="M9 3h6l-1 7 4 4H6l4-4-1-7z" />
    <path d="M12 14v7" />
  </svg>
);
