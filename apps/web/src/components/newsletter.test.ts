import { NEWSLETTER_MESSAGES } from '@rome/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { newsletterFailure, newsletterMessage } from './newsletter';

describe('newsletter outcome', () => {
  it('treats the server duplicate error as already subscribed', () => {
    expect(newsletterFailure(new ApiError(400, { error: 'Email already subscribed' }))).toBe('already');
  });
  it('treats any other failure as an error', () => {
    expect(newsletterFailure(new ApiError(400, { error: 'Enter a valid email address.' }))).toBe('error');
    expect(newsletterFailure(new ApiError(500, null))).toBe('error');
    expect(newsletterFailure(new TypeError('Failed to fetch'))).toBe('error');
  });
  it('shows the spec messages', () => {
    expect(newsletterMessage('success')).toBe('Thank you for subscribing! Please check your email.');
    expect(newsletterMessage('already')).toBe('This email is already subscribed to our newsletter.');
    expect(newsletterMessage('error')).toBe(NEWSLETTER_MESSAGES.failure);
    expect(newsletterMessage('idle')).toBeNull();
    expect(newsletterMessage('submitting')).toBeNull();
  });
});
