import { describe, expect, it } from 'vitest';
import { firstScreenApiPath } from './first-screen';
import { firstScreenData } from './pages';

const paths = (pathname: string) => firstScreenData(pathname).map((d) => firstScreenApiPath(d));

describe('first-screen data of a landing page', () => {
  it('home: the packages, the partner logos and the settings', () => {
    expect(paths('/')).toEqual(['packages/', 'partner-logos', 'website-settings/']);
  });

  it('pages that list packages: the packages and the settings', () => {
    for (const p of ['/search', '/bus/big-bus/big%20bus', '/viewsimilar/24%20hours/Big%20Bus']) {
      expect(paths(p), p).toEqual(['packages/', 'website-settings/']);
    }
  });

  it('a ticket page: that package first, its path encoded as the app requests it', () => {
    expect(paths('/manageBookings/E9/BB-24')).toEqual([
      'package/E9/BB-24/',
      'packages/',
      'website-settings/',
    ]);
    // The route param is decoded, the API path encoded again: one request URL, whoever builds it.
    expect(paths('/manageBookings/E9/a%20b%2Fc%22')[0]).toBe('package/E9/a%20b%2Fc%22/');
  });

  it('pages that draw nothing from data before their first render have none', () => {
    for (const p of ['/login', '/aboutus', '/profile', '/analytics', '/no/such/page']) {
      expect(paths(p), p).toEqual([]);
    }
  });

  it("a page in another language asks for the packages' words in it (issue #20); English as the spec", () => {
    const it = (pathname: string) => firstScreenData(pathname).map((d) => firstScreenApiPath(d, 'it'));
    expect(it('/')).toEqual(['packages/?lang=it', 'partner-logos', 'website-settings/']);
    expect(it('/manageBookings/E9/BB-24')[0]).toBe('package/E9/BB-24/?lang=it');
    expect(firstScreenData('/').map((d) => firstScreenApiPath(d, 'en'))[0]).toBe('packages/');
  });
});
