/**
 * The page modules of the contract's page table (packages/contract/src/pages.ts): one loader per
 * module id, each its own lazy chunk. Typed by the table's ids, so a page module the table names and
 * this map lacks (or one it has and the table does not name) fails the typecheck; pages.test.ts checks
 * that each loader imports the file its id names.
 */
import type { PageModule } from '@rome/contract';
import type { ComponentType } from 'react';

export type PageLoader = () => Promise<{ default: ComponentType }>;

export const PAGE_LOADERS: { [M in PageModule]: PageLoader } = {
  'features/home/HomePage': () => import('./features/home/HomePage'),
  'features/company/CompanyPage': () => import('./features/company/CompanyPage'),
  'features/pages/AboutUsPage': () => import('./features/pages/AboutUsPage'),
  'features/pages/TermsPage': () => import('./features/pages/TermsPage'),
  'features/pages/ReturnPolicyPage': () => import('./features/pages/ReturnPolicyPage'),
  'features/pages/RefundPage': () => import('./features/pages/RefundPage'),
  'features/pages/AgentPointsPage': () => import('./features/pages/AgentPointsPage'),
  'features/offers/OffersPage': () => import('./features/offers/OffersPage'),
  'features/tickets/PurchaseHistoryPage': () => import('./features/tickets/PurchaseHistoryPage'),
  'features/checkout/SuccessPage': () => import('./features/checkout/SuccessPage'),
  'features/checkout/CancelPage': () => import('./features/checkout/CancelPage'),
  'features/tickets/VerifyPage': () => import('./features/tickets/VerifyPage'),
  'features/search/SearchPage': () => import('./features/search/SearchPage'),
  'features/package/TicketDetailsPage': () => import('./features/package/TicketDetailsPage'),
  'features/package/WidgetPage': () => import('./features/package/WidgetPage'),
  'features/viewmore/ViewMorePage': () => import('./features/viewmore/ViewMorePage'),
  'features/account/ProfilePage': () => import('./features/account/ProfilePage'),
  'features/analytics/AnalyticsPage': () => import('./features/analytics/AnalyticsPage'),
  'features/operators/OperatorConsolePage': () => import('./features/operators/OperatorConsolePage'),
  'features/auth/LoginPage': () => import('./features/auth/LoginPage'),
  'features/auth/RegisterPage': () => import('./features/auth/RegisterPage'),
  'features/auth/ForgotPasswordPage': () => import('./features/auth/ForgotPasswordPage'),
  'features/auth/ResetPasswordPage': () => import('./features/auth/ResetPasswordPage'),
  'features/auth/ResetSuccessPage': () => import('./features/auth/ResetSuccessPage'),
  'features/checkout/TestCheckoutPage': () => import('./features/checkout/TestCheckoutPage'),
  'features/auth/UndoEmailChangePage': () => import('./features/auth/UndoEmailChangePage'),
  'features/tickets/TicketLinkPage': () => import('./features/tickets/TicketLinkPage'),
  'features/tickets/FindTicketsPage': () => import('./features/tickets/FindTicketsPage'),
  'features/giftcards/GiftCardsPage': () => import('./features/giftcards/GiftCardsPage'),
  'features/test/TestPage': () => import('./features/test/TestPage'),
  'features/notfound/NotFoundPage': () => import('./features/notfound/NotFoundPage'),
};
