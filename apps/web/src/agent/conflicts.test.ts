/**
 * The notice an upload's answer calls for: a claim claimed elsewhere too (second by claim time, or
 * first and kept), with the ticket, who claimed it first and when, in Rome time; nothing for a claim
 * kept alone or refused for another reason.
 */
import { describe, expect, it } from 'vitest';
import type { SyncAnswer } from './agent-api';
import { type ConflictNotice, conflictOf, conflictStory, conflictTicket } from './conflicts';

const claim = { unique_id: 'u-abc123', claimed_at: '2026-12-01T09:20:00.000Z' };
const ticket = {
  unique_id: 'u-abc123',
  package: 'Colosseum Tour',
  package_tag: 'COL-1',
  date: '2026-12-01',
  time: '09:30',
  adults: 2,
  youths: 0,
  infants: 0,
};
const answer = (over: Partial<SyncAnswer> = {}): SyncAnswer => ({
  id: 'c-1',
  result: 'valid',
  message: 'Valid: ticket claimed.',
  ticket,
  claimed_at: claim.claimed_at,
  claimed_by: 'Agent Beta',
  repeated: false,
  conflict: false,
  kept: true,
  ...over,
});
const now = new Date('2026-12-01T15:00:00Z');

describe('conflictOf', () => {
  it('a claim second by claim time: the ticket, and the first claim by whom and when', () => {
    const n = conflictOf(
      answer({
        result: 'already_claimed',
        conflict: true,
        kept: false,
        claimed_at: '2026-12-01T09:14:03.000Z',
        claimed_by: 'Agent Alpha',
      }),
      claim,
    );
    expect(n).toEqual({
      id: 'c-1',
      unique_id: 'u-abc123',
      package: 'Colosseum Tour',
      package_tag: 'COL-1',
      claimed_here_at: claim.claimed_at,
      kept: false,
      first_at: '2026-12-01T09:14:03.000Z',
      first_by: 'Agent Alpha',
    });
    expect(conflictStory(n!, now)).toBe(
      'Claimed first by Agent Alpha at 10:14 (Rome). Claimed here at 10:20: this claim does not count.',
    );
  });

  it("already claimed and not kept is a conflict even unflagged; the claim's own id when no ticket", () => {
    const n = conflictOf(answer({ result: 'already_claimed', kept: false, ticket: null }), claim);
    expect(n?.unique_id).toBe('u-abc123');
    expect(conflictTicket(n!)).toBe('Ticket');
  });

  it('a claim first by claim time, kept: the answer names this device, not the other side', () => {
    const n = conflictOf(answer({ conflict: true, claimed_by: 'Agent Beta' }), claim)!;
    expect(n.kept).toBe(true);
    expect(n.first_by).toBeNull();
    expect(conflictStory(n, now)).toBe(
      'Claimed here first, at 10:20 (Rome): this claim counts. It was claimed elsewhere too.',
    );
  });

  it('no notice for a claim kept alone, nor for one refused for another reason', () => {
    expect(conflictOf(answer(), claim)).toBeNull();
    expect(conflictOf(answer({ result: 'refunded', kept: false }), claim)).toBeNull();
  });
});

describe('the notice in words', () => {
  const n: ConflictNotice = {
    id: 'c-1',
    unique_id: 'u-1',
    package: 'Colosseum Tour',
    package_tag: 'COL-1',
    claimed_here_at: '2026-12-01T09:20:00.000Z',
    kept: false,
    first_at: null,
    first_by: null,
  };

  it('names the package with its tag, or whichever it has', () => {
    expect(conflictTicket(n)).toBe('Colosseum Tour (COL-1)');
    expect(conflictTicket({ ...n, package: 'COL-1' })).toBe('COL-1');
    expect(conflictTicket({ ...n, package: null })).toBe('COL-1');
  });

  it('says someone else when the answer names nobody, and the day when it is not today in Rome', () => {
    expect(conflictStory(n, new Date('2026-12-02T10:00:00Z'))).toBe(
      'Claimed first by someone else. Claimed here at Tue, 1 Dec 2026, 10:20: this claim does not count.',
    );
  });
});
