/** Mail texts: plain text plus a simple HTML version of the same words. */

import type { I18n } from '@lingui/core';
import { escapeHtml, PRODUCT_NAME, RESET_CODE_TTL_MINUTES } from '@rome/contract';
import { serverI18n } from '../i18n/catalog';
import type { MailMessage } from './outbox';

/** Wraps paragraphs in a minimal HTML document (inline styles only: mail clients drop the rest). */
export function simpleHtml(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#8b0000;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;color:#777;font-size:13px">${escapeHtml(PRODUCT_NAME)}</p>
</body></html>`;
}

/**
 * The account's e-mails in the language of the page that asked for them (decision 024: the web app sends
 * it as Accept-Language with the call; `requestLanguage` in i18n/catalog.ts). English unchanged.
 */
export function resetCodeMail(
  to: string,
  name: string,
  code: string,
  i18n: I18n = serverI18n('en'),
): MailMessage {
  const subject = i18n._('Your {shop} password reset code', { shop: PRODUCT_NAME });
  const hello = i18n._('Hello {name},', { name });
  const expires = i18n._('It expires in {minutes} minutes and can be used once.', {
    minutes: RESET_CODE_TTL_MINUTES,
  });
  const ignore = i18n._(
    'If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.',
  );
  const text = [
    hello,
    '',
    i18n._('Your password reset code is: {code}', { code }),
    '',
    expires,
    ignore,
    '',
    PRODUCT_NAME,
  ].join('\n');
  const html = simpleHtml(i18n._('Password reset code'), [
    escapeHtml(hello),
    escapeHtml(i18n._('Your password reset code is: {code}', { code: '\u0000' })).replace(
      '\u0000',
      `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
    ),
    escapeHtml(expires),
    escapeHtml(ignore),
  ]);
  return { to, subject, text, html };
}

export function passwordChangedMail(
  to: string,
  name: string,
  how: 'reset' | 'changed',
  i18n: I18n = serverI18n('en'),
): MailMessage {
  const subject =
    how === 'reset'
      ? i18n._('Your {shop} password was reset', { shop: PRODUCT_NAME })
      : i18n._('Your {shop} password was changed', { shop: PRODUCT_NAME });
  const lines = [
    i18n._('Hello {name},', { name }),
    `${
      how === 'reset'
        ? i18n._('The password of your {shop} account was reset with a code sent to this address.', {
            shop: PRODUCT_NAME,
          })
        : i18n._('The password of your {shop} account was changed.', { shop: PRODUCT_NAME })
    } ${i18n._('Every device signed in before has been signed out.')}`,
    i18n._(
      'If this was not you, reset your password now with "Forgot password?" on the sign-in page and contact us.',
    ),
  ];
  return {
    to,
    subject,
    text: [...lines, '', PRODUCT_NAME].join('\n\n').replace(/\n\n\n\n/g, '\n\n'),
    html: simpleHtml(i18n._('Your password was updated'), lines.map(escapeHtml)),
  };
}

/**
 * Registration with an address that has an account answers as any registration does (so nobody learns
 * who has an account here); the owner is told instead.
 */
export function accountExistsMail(to: string, i18n: I18n = serverI18n('en')): MailMessage {
  const subject = i18n._('Someone tried to create a {shop} account with your address', {
    shop: PRODUCT_NAME,
  });
  const lines = [
    i18n._('Hello,'),
    i18n._('Someone tried to create a new {shop} account with this e-mail address, which already has one.', {
      shop: PRODUCT_NAME,
    }),
    i18n._(
      'If it was you, sign in with your password, or choose "Forgot password?" on the sign-in page. If it was not you, you can ignore this e-mail: nothing was changed.',
    ),
  ];
  return {
    to,
    subject,
    text: [...lines, '', PRODUCT_NAME].join('\n\n').replace(/\n\n\n\n/g, '\n\n'),
    html: simpleHtml(subject, lines.map(escapeHtml)),
  };
}
