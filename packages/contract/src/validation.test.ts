import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './site';
import {
  jsonTooDeep,
  MAX_JSON_DEPTH,
  MESSAGES,
  parseSchemaJson,
  validateRegistration,
  validateReset,
} from './validation';

describe('registration rules, in the spec order', () => {
  const ok = { email: 'a@b.co', phone_number: '3912345678', password: 'x', confirm_password: 'x' };
  it('checks email first, then phone, then matching passwords', () => {
    expect(validateRegistration(ok)).toBeNull();
    expect(validateRegistration({ ...ok, email: 'nope', phone_number: '1' })).toBe(
      MESSAGES.registrationEmail,
    );
    expect(validateRegistration({ ...ok, phone_number: '12345', confirm_password: 'y' })).toBe(
      MESSAGES.registrationPhone,
    );
    expect(validateRegistration({ ...ok, phone_number: '12345678ab' })).toBe(MESSAGES.registrationPhone);
    expect(validateRegistration({ ...ok, confirm_password: 'y' })).toBe("Passwords didn't match!");
  });
});

describe('reset rules, in the spec order', () => {
  it('code, then match, then length', () => {
    expect(validateReset({ code: '12345', password: 'a', confirm_password: 'b' })).toBe(MESSAGES.resetCode);
    expect(validateReset({ code: '123456', password: 'a', confirm_password: 'b' })).toBe(
      "Passwords don't match",
    );
    expect(validateReset({ code: '123456', password: 'short', confirm_password: 'short' })).toBe(
      MESSAGES.resetLength,
    );
    expect(
      validateReset({ code: '123456', password: 'long enough', confirm_password: 'long enough' }),
    ).toBeNull();
  });
});

describe('schema json', () => {
  it('accepts JSON or empty (as null) and refuses the rest with the spec message', () => {
    expect(parseSchemaJson('')).toEqual({ ok: true, value: null });
    expect(parseSchemaJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseSchemaJson('{a:1}')).toEqual({ ok: false, error: 'Schema JSON is invalid' });
  });
});

describe('placeholders', () => {
  it('fills {email}, {phone} and {address} from settings, with defaults as fallback', () => {
    const html = fillPlaceholders('<p>{email} {phone} {address}</p>', {
      website_email: 'x@y.it',
      website_phone_number: '',
    });
    expect(html).toContain('x@y.it');
    expect(html).not.toContain('{phone}');
    expect(html).not.toContain('{address}');
  });
});

import { formatSize, uploadLimit, uploadTooLargeMessage, validatePartnerLogo } from './site';

describe('upload limit', () => {
  it('uses MB from 1 up and KB (value times 1000) below', () => {
    expect(uploadLimit(5)).toEqual({ bytes: 5 * 1024 * 1024, limit: 5, unit: 'MB' });
    expect(uploadLimit(undefined)).toEqual({ bytes: 5 * 1024 * 1024, limit: 5, unit: 'MB' });
    expect(uploadLimit(0.5)).toEqual({ bytes: 500 * 1024, limit: 500, unit: 'KB' });
    expect(formatSize(1536, 'KB')).toBe('1.5 KB');
  });
  it('says the spec message only when the file is larger', () => {
    expect(uploadTooLargeMessage(5 * 1024 * 1024, 5)).toBeNull();
    expect(uploadTooLargeMessage(5 * 1024 * 1024 + 1, 5)).toBe(
      'File size (5.00 MB) exceeds the maximum limit of 5 MB',
    );
    expect(uploadTooLargeMessage(600 * 1024, 0.5)).toBe(
      'File size (600.0 KB) exceeds the maximum limit of 500 KB',
    );
  });
});

describe('partner logo rules, in order', () => {
  it('logo, then name, then URL, then order', () => {
    expect(validatePartnerLogo({ name: '' })).toBe('Please select a logo image');
    expect(validatePartnerLogo({ logo_id: 3, name: '  ' })).toBe('Partner name is required');
    expect(validatePartnerLogo({ logo_id: 3, name: 'A', website_url: 'not a url' })).toBe(
      'Please enter a valid URL',
    );
    expect(validatePartnerLogo({ logo_id: 3, name: 'A', website_url: 'javascript:alert(1)' })).toBe(
      'Please enter a valid URL',
    );
    expect(validatePartnerLogo({ logo_id: 3, name: 'A', order: -1 })).toBe(
      'Display order must be a number of at least 0',
    );
    expect(validatePartnerLogo({ logo_id: 3, name: 'A', website_url: 'https://x.it', order: 2 })).toBeNull();
  });
});

describe('jsonTooDeep (issue #21)', () => {
  it('finds nesting beyond the limit, counting brackets outside strings only', () => {
    expect(jsonTooDeep('[[[1]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[[[1]]]]', 3)).toBe(true);
    expect(jsonTooDeep('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(jsonTooDeep('["[[[[[[", "\\"[[[[[["]', 2)).toBe(false);
    expect(jsonTooDeep(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toBe(true);
    expect(jsonTooDeep('{"events":[{"action":"page_view","data":{"x":[1,2]}}]}')).toBe(false);
  });

  it('makes schema_json nested too deep invalid, with the spec message', () => {
    expect(parseSchemaJson(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toEqual({
      ok: false,
      error: MESSAGES.schemaJson,
    });
    expect(parseSchemaJson('{"@type":"WebPage"}')).toEqual({ ok: true, value: { '@type': 'WebPage' } });
  });
});
