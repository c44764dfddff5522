/** The routes of spec §2. Every page is its own lazy chunk, so visitors download only what they open. */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { PageLoading, SearchLoading } from './components/PageLoading';
import { RouteError } from './components/RouteError';
import { EditableSiteLogo } from './features/content/SiteLogo';

const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    element: <Layout logoFrame={EditableSiteLogo} />,
    errorElement: <RouteError />,
    // While the first page's code loads, the layout (navigation, footer) is drawn around a loading
    // page (HydrateFallback), instead of nothing at all and React Router's warning about it.
    children: [
      { index: true, lazy: page(() => import('./features/home/HomePage')) },
      { path: 'bus/:companySlug/:companyName', lazy: page(() => import('./features/company/CompanyPage')) },
      { path: 'aboutus', lazy: page(() => import('./features/pages/AboutUsPage')) },
      { path: 'terms', lazy: page(() => import('./features/pages/TermsPage')) },
      { path: 'returnPolicy', lazy: page(() => import('./features/pages/ReturnPolicyPage')) },
      { path: 'refund', lazy: page(() => import('./features/pages/RefundPage')) },
      { path: 'agentpoints', lazy: page(() => import('./features/pages/AgentPointsPage')) },
      { path: 'agentPoints', lazy: page(() => import('./features/pages/AgentPointsPage')) },
      { path: 'offer', lazy: page(() => import('./features/offers/OffersPage')) },
      { path: 'yourticket', lazy: page(() => import('./features/tickets/PurchaseHistoryPage')) },
      { path: 'success', lazy: page(() => import('./features/checkout/SuccessPage')) },
      { path: 'success/:uniqueId', lazy: page(() => import('./features/checkout/SuccessPage')) },
      { path: 'cancel', lazy: page(() => import('./features/checkout/CancelPage')) },
      { path: 'verify/:code', lazy: page(() => import('./features/tickets/VerifyPage')) },
      {
        path: 'search',
        lazy: page(() => import('./features/search/SearchPage')),
        HydrateFallback: SearchLoading,
      },
      { path: 'manageBookings/:status/:id', lazy: page(() => import('./features/ticket/TicketDetailsPage')) },
      { path: 'viewsimilar/:hours/:company', lazy: page(() => import('./features/viewmore/ViewMorePage')) },
      { path: 'profile', lazy: page(() => import('./features/account/ProfilePage')) },
      { path: 'login', lazy: page(() => import('./features/auth/LoginPage')) },
      { path: 'registation', lazy: page(() => import('./features/auth/RegisterPage')) },
      { path: 'forgot-password', lazy: page(() => import('./features/auth/ForgotPasswordPage')) },
      { path: 'reset-password', lazy: page(() => import('./features/auth/ResetPasswordPage')) },
      { path: 'reset-success', lazy: page(() => import('./features/auth/ResetSuccessPage')) },
      { path: 'undo-email-change', lazy: page(() => import('./features/auth/UndoEmailChangePage')) },
      { path: 'pay/:session', lazy: page(() => import('./features/checkout/TestCheckoutPage')) },
      { path: 'find-tickets', lazy: page(() => import('./features/tickets/FindTicketsPage')) },
      { path: '*', lazy: page(() => import('./features/notfound/NotFoundPage')) },
    ].map((route): RouteObject => ({ HydrateFallback: PageLoading, ...route })),
  },
  // Outside the main layout.
  {
    path: '/analytics',
    lazy: page(() => import('./features/analytics/AnalyticsPage')),
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
  },
  // A ticket by its link (issue #18): outside the main layout, so nothing on it needs the network once
  // it is kept for offline use, and no page view records the link's token.
  {
    path: '/t/:token',
    lazy: page(() => import('./features/tickets/TicketLinkPage')),
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
  },
  // Spec §2: /test is outside the main layout and its content is not shown; a page still has a main
  // landmark and a heading for assistive technology.
  {
    path: '/test',
    element: (
      <main className="sr-only">
        <h1>Rome Bus Tickets</h1>
      </main>
    ),
  },
];

export const router = createBrowserRouter(routes);
