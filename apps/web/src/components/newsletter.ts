import { NEWSLETTER_DUPLICATE_ERROR, NEWSLETTER_MESSAGES } from '@rome/contract';

/** Spec §4 Newsletter: idle, submitting, then success, already subscribed or error. */
export type NewsletterState = 'idle' | 'submitting' | 'success' | 'already' | 'error';

/** Which outcome a failed subscribe call means: the server's duplicate error, or any other failure. */
export function newsletterFailure(err: unknown): 'already' | 'error' {
  const body = (err as { body?: { error?: unknown } } | null)?.body;
  return body?.error === NEWSLETTER_DUPLICATE_ERROR ? 'already' : 'error';
}

/** The spec's text for each finished state (§8 Newsletter). */
export function newsletterMessage(state: NewsletterState): string | null {
  if (state === 'success') return NEWSLETTER_MESSAGES.success;
  if (state === 'already') return NEWSLETTER_MESSAGES.duplicate;
  if (state === 'error') return NEWSLETTER_MESSAGES.failure;
  return null;
}
