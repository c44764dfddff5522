/** Mail texts: plain text plus a simple HTML version of the same words. */
import { escapeHtml, PRODUCT_NAME, RESET_CODE_TTL_MINUTES } from '@rome/contract';
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

export function resetCodeMail(to: string, name: string, code: string): MailMessage {
  const subject = `Your ${PRODUCT_NAME} password reset code`;
  const text = [
    `Hello ${name},`,
    '',
    `Your password reset code is: ${code}`,
    '',
    `It expires in ${RESET_CODE_TTL_MINUTES} minutes and can be used once.`,
    'If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.',
    '',
    PRODUCT_NAME,
  ].join('\n');
  const html = simpleHtml('Password reset code', [
    `Hello ${escapeHtml(name)},`,
    `Your password reset code is: <strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
    `It expires in ${RESET_CODE_TTL_MINUTES} minutes and can be used once.`,
    'If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.',
  ]);
  return { to, subject, text, html };
}

export function passwordChangedMail(to: string, name: string, how: 'reset' | 'changed'): MailMessage {
  const subject = `Your ${PRODUCT_NAME} password was ${how === 'reset' ? 'reset' : 'changed'}`;
  const lines = [
    `Hello ${name},`,
    `The password of your ${PRODUCT_NAME} account was ${how === 'reset' ? 'reset with a code sent to this address' : 'changed'}. Every device signed in before has been signed out.`,
    'If this was not you, reset your password now with "Forgot password?" on the sign-in page and contact us.',
  ];
  return {
    to,
    subject,
    text: [...lines, '', PRODUCT_NAME].join('\n\n').replace(/\n\n\n\n/g, '\n\n'),
    html: simpleHtml('Your password was updated', lines.map(escapeHtml)),
  };
}
