/** The newsletter call of spec §7. */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';

export const newsletterApi = {
  'POST /api/newsletter/subscribe/': endpoint({
    summary: 'Subscribe an e-mail address to the newsletter',
    tag: 'newsletter',
    access: 'public',
    body: z
      .object({ email: z.string().meta({ examples: ['ada@example.com'] }) })
      .meta({ examples: [{ email: 'ada@example.com' }] }),
    invalid: 'Email is required.',
    responses: {
      201: z.object({ message: z.string() }).meta({ examples: [{ message: 'Subscribed successfully.' }] }),
      400: errors[400],
      429: errors[429],
    },
  }),
} as const;
