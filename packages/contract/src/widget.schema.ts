/**
 * zod schemas of the booking widget (decision 060): the widget's start (its signed token, the partner
 * it credits), its checkout (a guest's checkout with that token), and partners as superusers see them.
 * Types only for the web.
 */
import { z } from 'zod';
import { guestCheckoutPayloadSchema } from './checkout.schema';
import { WIDGET_MESSAGES } from './widget';

export const widgetStartSchema = z
  .object({
    /** The package's tag, or its number. */
    package_identifier: z.string().trim().min(1).max(200),
    /** The script tag's data-partner; unknown or switched off: the widget sells, nobody is credited. */
    partner_code: z.string().trim().max(100).nullish(),
  })
  .meta({
    examples: [{ package_identifier: 'COLOSSEUM-ENTRY', partner_code: 'ptn_3nQ0xU1vZ8yK2mW4aB7cD9eF' }],
  });

export const widgetStartedSchema = z
  .object({
    /** Signed by the shop: the package and the partner the checkout credits, for four hours. */
    widget_token: z.string(),
    /** The package's tag (the script tag may name the package by its number). */
    package_tag: z.string(),
    /** The partner's name when the code is one of the shop's active partners, else null. */
    partner: z.string().nullable(),
  })
  .meta({ id: 'WidgetStart' });

/** A widget's checkout: a guest's checkout and the widget's token (the only source of the partner). */
export const widgetCheckoutPayloadSchema = guestCheckoutPayloadSchema.extend({
  widget_token: z
    .string({ error: WIDGET_MESSAGES.expired })
    .min(1, { error: WIDGET_MESSAGES.expired })
    .max(1000),
});
export type WidgetCheckoutPayload = z.infer<typeof widgetCheckoutPayloadSchema>;

export const widgetCheckoutResponseSchema = z
  .object({
    /** The one-time link the widget opens in a tab of its own: it goes on to the payment page. */
    url: z.string(),
  })
  .meta({ examples: [{ url: 'https://shop.example/api/widget/handoff/0123abcd.../' }] });

/** A partner as superusers see it: the code's end only, and the sales its widget made. */
export const partnerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The code's last four characters (the code itself is shown once, when it is made). */
    code_end: z.string(),
    active: z.boolean(),
    created_at: z.string(),
    /** Paid orders the partner's widget made (refunded ones included). */
    orders: z.number().int(),
    refunded: z.number().int(),
    /** Paid and not refunded: what the buyers paid. */
    revenue: z.string(),
  })
  .meta({ id: 'Partner' });
export type PartnerInfo = z.infer<typeof partnerSchema>;

export const newPartnerSchema = z.object({
  name: z
    .string({ error: WIDGET_MESSAGES.partnerName })
    .trim()
    .min(1, { error: WIDGET_MESSAGES.partnerName })
    .max(100, { error: WIDGET_MESSAGES.partnerName }),
});
