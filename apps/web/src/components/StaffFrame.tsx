/**
 * The frame of the staff's own pages (the analytics dashboard, the operators' console): the brand bar
 * with the logo and a way back to the shop, and the page's main column. Outside the shop's layout.
 */
import { Link } from 'react-router';
import { Logo } from './Logo';

export function StaffFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-stone-100">
      <header className="bg-brand">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Logo />
          <Link
            to="/"
            className="rounded-md text-sm font-semibold text-white underline-offset-4 hover:underline"
          >
            Back to the shop
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
