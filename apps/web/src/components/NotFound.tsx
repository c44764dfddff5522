import { NOT_FOUND_PAGE, pageText } from '@rome/contract';
import { Link } from 'react-router';
import { translate } from '../i18n/locale';
import { usePageTitle } from './usePageTitle';

/** Spec §2 404 page (inside the main layout). */
export function NotFound() {
  usePageTitle(pageText(NOT_FOUND_PAGE.head.title, {}, translate));
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <p className="text-8xl font-black tracking-tighter text-brand sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold text-stone-900">Page Not Found</h1>
      <p className="mt-3 text-lg text-stone-600">We couldn't find the page you were looking for.</p>
      <Link
        to="/"
        className="mt-8 rounded-lg bg-accent px-6 py-3 font-extrabold text-stone-900 shadow-sm hover:bg-accent-dark"
      >
        Back to Home
      </Link>
    </main>
  );
}
