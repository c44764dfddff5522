/**
 * Customers' data rights (GDPR, decision 016): download everything the shop holds about the signed-in
 * account, and delete it. Superusers do both for a customer with `npm run admin -- user:export` and
 * `user:delete`.
 */
import { z } from 'zod';
import { authErrorSchema, authRateLimitedSchema } from './auth.schema';
import { endpoint, errors } from './endpoint';
import { PRIVACY_MESSAGES } from './privacy';
import { accountDataSchema, deleteAccountRequestSchema } from './privacy.schema';

const tag = 'accounts';

export const privacyApi = {
  'GET /api/profile/data/': endpoint({
    summary: 'Download everything the shop holds about the signed-in account (JSON)',
    description:
      'Profile, orders (with billing details given at checkout), invoices and credit notes, activity events, newsletter subscription, sign-in, reset and e-mail-change records; never a secret or a hash.',
    tag,
    access: 'user',
    responses: { 200: accountDataSchema, 401: authErrorSchema },
  }),
  'POST /api/profile/delete/': endpoint({
    summary: 'Delete the signed-in account (asks for the password)',
    description:
      'Erases the personal data (name, e-mail, phone, password, tokens, newsletter subscription, the person in activity events) and keeps the orders anonymised for accounting. Every sign-in ends.',
    tag,
    access: 'user',
    body: deleteAccountRequestSchema,
    invalid: PRIVACY_MESSAGES.passwordRequired,
    responses: {
      200: z.object({ message: z.string() }).meta({ examples: [{ message: PRIVACY_MESSAGES.deleted }] }),
      400: errors[400],
      401: authErrorSchema,
      429: authRateLimitedSchema,
    },
  }),
} as const;
