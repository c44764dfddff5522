import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  isPhoneNumber,
  isResetCode,
  PASSWORD_MIN_LENGTH,
  passwordLengthProblem,
  RESET_CODE_LENGTH,
} from './auth';
import { MESSAGES, validateRegistration, validateReset } from './validation';

describe('accounts rules, one for the client and the server', () => {
  it('phone: digits only, 10 to 20 of them', () => {
    for (const ok of ['1'.repeat(10), '3901234567', '1'.repeat(20)]) expect(isPhoneNumber(ok)).toBe(true);
    for (const bad of ['1'.repeat(9), '1'.repeat(21), '39012345ab', '+39 012 345 6789', ''])
      expect(isPhoneNumber(bad)).toBe(false);
    // The registration form refuses what the server refuses, with the same text.
    const form = { email: 'a@b.co', password: 'x', confirm_password: 'x' };
    expect(validateRegistration({ ...form, phone_number: '1'.repeat(21) })).toBe(AUTH_MESSAGES.phoneInvalid);
    expect(validateRegistration({ ...form, phone_number: '1'.repeat(20) })).toBeNull();
  });

  it('reset code: exactly RESET_CODE_LENGTH digits, on the form as on the server', () => {
    expect(RESET_CODE_LENGTH).toBe(6);
    expect(isResetCode('042517')).toBe(true);
    for (const bad of ['42517', '0425170', '04251a', '']) {
      expect(isResetCode(bad)).toBe(false);
      expect(validateReset({ code: bad, password: 'long enough', confirm_password: 'long enough' })).toBe(
        MESSAGES.resetCode,
      );
    }
  });

  it('password length: PASSWORD_MIN_LENGTH on the reset form and the server alike', () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    const enough = 'x'.repeat(PASSWORD_MIN_LENGTH);
    expect(passwordLengthProblem(short)).toBe(MESSAGES.resetLength);
    expect(validateReset({ code: '123456', password: short, confirm_password: short })).toBe(
      MESSAGES.resetLength,
    );
    expect(passwordLengthProblem(enough)).toBeNull();
  });

  it('keeps the spec texts character for character (§5, §8)', () => {
    expect(AUTH_MESSAGES.phoneInvalid).toBe('Phone number must be at least 10 digits and numeric.');
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(MESSAGES.registrationEmail).toBe('Please enter a valid email address.');
    expect(MESSAGES.registrationPhone).toBe('Phone number must be at least 10 digits and numeric.');
    expect(MESSAGES.resetLength).toBe('Password must be at least 8 characters long');
  });
});
