import type { TicketTypeValue } from '@rome/contract';
import type { ReactNode } from 'react';
import { Icon } from './Icon';

/**
 * The ticket types' icons, drawn like the shop's other icons (24-unit stroke drawings in the text's
 * colour, as in ProcessSteps and GetInTouch). The spec's emoji (contract TICKET_TYPES) showed as empty
 * boxes on systems without an emoji font.
 */
const clock = (hand: string) => (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d={`M12 7v5${hand}`} />
  </>
);

const DRAWINGS: Record<TicketTypeValue, ReactNode> = {
  // A sun rising over the horizon.
  'half day': <path d="M3 18h18M7 18a5 5 0 0 1 10 0M12 6v3M4.9 10.9l1.4 1.4M19.1 10.9l-1.4 1.4M8 22h8" />,
  '1 day': (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  '24 hours': clock('l3 2'),
  '48 hours': clock('l4-2'),
  '72 hours': clock('h4'),
  'daily tour': (
    <>
      <rect x="4" y="3" width="16" height="15" rx="2" />
      <path d="M4 10h16M12 3v7M7 18v3M17 18v3" />
      <circle cx="8" cy="14" r="1" />
      <circle cx="16" cy="14" r="1" />
    </>
  ),
  'one run': (
    <path d="M3 8a2 2 0 0 0 0 4v4a1 1 0 0 0 1 1h16a1 1 0 0 0 1-1v-4a2 2 0 0 1 0-4V4a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1zM13 3v2M13 15v2M13 9v2" />
  ),
  '3 pass': <path d="M3 21h18M5 21V10M9.5 21V10M14.5 21V10M19 21V10M2 10h20L12 3z" />,
};

export function TicketTypeIcon({
  type,
  className = 'h-5 w-5',
}: {
  type: TicketTypeValue;
  className?: string;
}) {
  return (
    <Icon
      className={className}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={type}
    >
      {DRAWINGS[type]}
    </Icon>
  );
}
