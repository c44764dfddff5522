import { describe, expect, it } from 'vitest';
import { limitAddress } from './ip';

describe('limitAddress: the part of an address one client controls', () => {
  it('keeps an IPv4 address, an IPv4-mapped one by its IPv4', () => {
    expect(limitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address by its /64, however it is written', () => {
    const net = limitAddress('2001:db8:1:2::1');
    expect(net).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(net);
    expect(limitAddress('2001:db8:1:2:0:0:0:99')).toBe(net);
    expect(limitAddress('2001:db8:1:3::1')).not.toBe(net);
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
