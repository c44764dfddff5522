import { describe, expect, it } from 'vitest';
import {
  AGENT_CODE_LENGTH,
  CHECKOUT_MESSAGES,
  claimDayWarning,
  isAgentCode,
  orderReference,
  romeToday,
  ticketCountsText,
  ticketDayStatus,
  validateCheckout,
} from './checkout';

const dated = {
  dates: ['2030-05-01', '2030-05-02', '2020-01-01'],
  adultPriceCents: 2900,
  youthPriceCents: 1900,
};
const open = { dates: [], adultPriceCents: 2200, youthPriceCents: 1300 };
const today = '2026-11-22';

describe('checkout rules', () => {
  it('prices the order from the package: adults and youths at their prices, infants free', () => {
    expect(
      validateCheckout(
        dated,
        { date: '2030-05-01', adult_count: '2', youth_count: '1', infant_count: '3' },
        today,
      ),
    ).toEqual({
      ok: true,
      adults: 2,
      youths: 1,
      infants: 3,
      date: '2030-05-01',
      totalCents: 7700,
      // No price category asked for (decision 070).
      extras: [],
    });
    expect(validateCheckout(open, { adult_count: 0, youth_count: 2 }, today)).toMatchObject({
      ok: true,
      totalCents: 2600,
      date: null,
    });
  });

  it('refuses bad counts, too many tickets and a zero total', () => {
    for (const c of ['-1', '1.5', 'abc', '1e3']) {
      expect(validateCheckout(open, { adult_count: c, youth_count: 0 }, today)).toEqual({
        ok: false,
        error: CHECKOUT_MESSAGES.badCount,
      });
    }
    expect(validateCheckout(open, { adult_count: 51, youth_count: 0 }, today)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.tooMany,
    });
    expect(validateCheckout(open, { adult_count: 50, youth_count: 50 }, today)).toMatchObject({ ok: true });
    expect(validateCheckout(open, { adult_count: 0, youth_count: 0, infant_count: 2 }, today)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.zeroTotal,
    });
  });

  it('needs one of the package dates, not in the past; refuses a date for an open ticket', () => {
    expect(validateCheckout(dated, { adult_count: 1, youth_count: 0 }, today)).toEqual({
      ok: false,
      error: 'Please select a date first',
    });
    expect(validateCheckout(dated, { date: '2030-06-01', adult_count: 1, youth_count: 0 }, today)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.dateNotOffered,
    });
    expect(validateCheckout(dated, { date: '2020-01-01', adult_count: 1, youth_count: 0 }, today)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.datePast,
    });
    expect(validateCheckout(open, { date: '2030-05-01', adult_count: 1, youth_count: 0 }, today)).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.noDateChoice,
    });
  });

  it("knows today's date in Rome", () => {
    expect(romeToday(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(romeToday(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-22');
  });
});

describe('agent codes and ticket days', () => {
  it('an agent code is exactly AGENT_CODE_LENGTH digits', () => {
    expect(AGENT_CODE_LENGTH).toBe(4);
    expect(isAgentCode('0815')).toBe(true);
    for (const bad of ['081', '08155', '12a4', ' 0815', '']) expect(isAgentCode(bad), bad).toBe(false);
  });
  it("compares the ticket's day with today in Rome", () => {
    expect(ticketDayStatus(null, '2026-11-25')).toBe('open');
    expect(ticketDayStatus('2026-11-25', '2026-11-25')).toBe('today');
    expect(ticketDayStatus('2026-11-27', '2026-11-25')).toBe('future');
    expect(ticketDayStatus('2026-11-24', '2026-11-25')).toBe('past');
  });
  it('warns the agent of another day only while the ticket is not claimed: a claimed one is just EXPIRED', () => {
    expect(claimDayWarning(false, '2026-11-27', '2026-11-25')).toBe('future');
    expect(claimDayWarning(false, '2026-11-24', '2026-11-25')).toBe('past');
    expect(claimDayWarning(false, '2026-11-25', '2026-11-25')).toBeNull();
    expect(claimDayWarning(false, null, '2026-11-25')).toBeNull();
    expect(claimDayWarning(true, '2026-11-27', '2026-11-25')).toBeNull();
    expect(claimDayWarning(true, '2026-11-24', '2026-11-25')).toBeNull();
  });
});

describe('order reference and ticket counts', () => {
  it('shows the first 8 letters and digits of the unique id, upper case, in two groups', () => {
    expect(orderReference('k3Jd9s_q2-Zx81bbbbbbbb')).toBe('K3JD-9SQ2');
    expect(orderReference('ab')).toBe('AB');
  });
  it('names the tickets in words', () => {
    expect(ticketCountsText({ adults: 2, youths: 1, infants: 0 })).toBe('2 adults, 1 youth');
    expect(ticketCountsText({ adults: 1, youths: 0 })).toBe('1 adult');
    expect(ticketCountsText({ adults: 0, youths: 3, infants: 1 })).toBe('3 youths, 1 child (free)');
  });
});
