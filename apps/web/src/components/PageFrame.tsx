import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The frame of a page outside the main layout that a visitor or an agent still reaches from the
 * storefront (the ticket link, the agent's claim page): the shop's name as the one way home and what the
 * page is, nothing that needs the network (no navigation data, no footer, no newsletter).
 */
export function PageFrame({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-stone-100">
      <header className="bg-brand text-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="rounded text-lg font-bold tracking-tight hover:underline">
            Rome Bus Tickets
          </Link>
          <span className="text-sm text-white/85">{label}</span>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-5 sm:py-8">{children}</main>
    </div>
  );
}
