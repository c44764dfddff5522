import { Outlet, ScrollRestoration } from 'react-router';

/** The main layout: navigation bar, the page, footer. (Navbar and Footer land with the storefront.) */
export function Layout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
