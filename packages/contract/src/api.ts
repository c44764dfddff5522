/**
 * Every API call of the shop, keyed 'METHOD /path' (Fastify's path syntax). Each area adds its table
 * from `<area>.api.ts` here. The server registers routes from it, OpenAPI is generated from it, and the
 * web app's client (`apps/web/src/api/client.ts`, `call`) takes the same keys and infers its types.
 */
import type { z } from 'zod';
import { agentAppApi } from './agent-app.api';
import { analyticsApi } from './analytics.api';
import { authApi } from './auth.api';
import { catalogApi } from './catalog.api';
import { checkoutApi } from './checkout.api';
import { comboApi } from './combo.api';
import { contentApi } from './content.api';
import { disruptionApi } from './disruption.api';
import type { EndpointDef } from './endpoint';
import { giftCardApi } from './gift-card.api';
import { inventoryApi } from './inventory.api';
import { invoiceApi } from './invoice.api';
import { newsletterApi } from './newsletter.api';
import { operatorApi } from './operator.api';
import { priceCategoriesApi } from './price-categories.api';
import { privacyApi } from './privacy.api';
import { promoApi } from './promo.api';
import { rescheduleApi } from './reschedule.api';
import { resellerApi } from './reseller.api';
import { siteApi } from './site.api';
import { statementApi } from './statement.api';
import { ticketsApi } from './tickets.api';
import { waitlistApi } from './waitlist.api';
import { walletApi } from './wallet.api';
import { widgetApi } from './widget.api';

export const API = {
  ...authApi,
  ...analyticsApi,
  ...newsletterApi,
  ...catalogApi,
  ...siteApi,
  ...contentApi,
  ...checkoutApi,
  ...inventoryApi,
  ...priceCategoriesApi,
  ...resellerApi,
  ...privacyApi,
  ...promoApi,
  ...giftCardApi,
  ...walletApi,
  ...waitlistApi,
  ...ticketsApi,
  ...invoiceApi,
  ...disruptionApi,
  ...rescheduleApi,
  ...agentAppApi,
  ...widgetApi,
  ...operatorApi,
  ...statementApi,
  ...comboApi,
} as const satisfies Record<string, EndpointDef>;

export type Api = typeof API;
export type ApiKey = keyof Api;

type Field<K extends ApiKey, F extends string> = Api[K] extends { [P in F]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** What the web sends as the JSON body of call K. */
export type ApiBody<K extends ApiKey> = Field<K, 'body'>;
export type ApiParams<K extends ApiKey> = Field<K, 'params'>;
export type ApiQuery<K extends ApiKey> = Field<K, 'query'>;
type Success = 200 | 201 | 202 | 204;
/** The answer of call K on success (its 2xx shape). */
export type ApiAnswer<K extends ApiKey> = {
  [S in keyof Api[K]['responses'] & Success]: Api[K]['responses'][S] extends z.ZodType
    ? z.output<Api[K]['responses'][S]>
    : never;
}[keyof Api[K]['responses'] & Success];
