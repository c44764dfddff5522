import { describe, expect, it } from 'vitest';
import {
  announcedOldPrice,
  bookingPath,
  bookingStatus,
  cardImages,
  catalogOffers,
  companyBannerTag,
  companyPath,
  defaultBannerUrl,
  otherCompaniesSameDurations,
  packagesOfType,
  pageBanner,
  sameCompany,
  similarOptions,
  similarPackages,
} from './catalog';

const pkg = (tag: string, duration: string, company = 'Big Bus') => ({ package_tag: tag, duration, company });

describe('booking path', () => {
  it('uses E9 when the package has a duration and E8 when it has none', () => {
    expect(bookingStatus({ duration: '24 hours' })).toBe('E9');
    expect(bookingStatus({ duration: '' })).toBe('E8');
    expect(bookingStatus({ duration: '   ' })).toBe('E8');
    expect(bookingPath({ duration: '24 hours', package_tag: 'BB-24' })).toBe('/manageBookings/E9/BB-24');
    expect(bookingPath({ duration: '', package_tag: 'RM 1' })).toBe('/manageBookings/E8/RM%201');
  });
});

describe('search by ticket type', () => {
  it('matches the duration case-insensitively', () => {
    const list = [pkg('a', '24 Hours'), pkg('b', '48 hours'), pkg('c', '24 hours')];
    expect(packagesOfType(list, '24 hours').map((p) => p.package_tag)).toEqual(['a', 'c']);
    expect(packagesOfType(list, 'HALF DAY')).toEqual([]);
  });
});

describe('similar packages', () => {
  it('keeps the same duration, drops the current tag, and stops at 8', () => {
    const list = Array.from({ length: 12 }, (_, i) => pkg(`p${i}`, i % 2 ? '24 HOURS' : '48 hours'));
    const similar = similarPackages(list, { package_tag: 'p1', duration: '24 hours' });
    expect(similar.map((p) => p.package_tag)).toEqual(['p3', 'p5', 'p7', 'p9', 'p11']);
    const many = Array.from({ length: 20 }, (_, i) => pkg(`q${i}`, '72 hours'));
    expect(similarPackages(many, { package_tag: 'q0', duration: '72 hours' })).toHaveLength(8);
  });

  it('view more: same company case-insensitively, and same hours from other companies', () => {
    const list = [
      pkg('a', '24 hours', 'Big Bus'),
      pkg('b', '24 hours', 'green line'),
      pkg('c', '48 hours', 'BIG BUS'),
    ];
    expect(sameCompany(list, 'big bus').map((p) => p.package_tag)).toEqual(['a', 'c']);
    expect(similarOptions(list, '24 Hours', 'Big Bus').map((p) => p.package_tag)).toEqual(['b']);
  });

  it('company page: other companies sharing a duration with any shown package', () => {
    const list = [
      pkg('a', '24 hours', 'Big Bus'),
      pkg('b', '24 hours', 'Green Line'),
      pkg('c', '72 hours', 'Green Line'),
    ];
    expect(otherCompaniesSameDurations(list, 'big bus').map((p) => p.package_tag)).toEqual(['b']);
    expect(otherCompaniesSameDurations(list, 'Nobody')).toEqual([]);
  });
});

describe('company links and banners', () => {
  it('links with the slug and the lower-case name', () => {
    expect(companyPath({ company_slug: 'big-bus', name: 'Big Bus' })).toBe('/bus/big-bus/big%20bus');
  });
  it('gives known slugs their own banner tag and builds one from other slugs', () => {
    expect(companyBannerTag('green-line')).toBe('green-line-banner');
    expect(companyBannerTag('Roma Musei!')).toBe('roma-musei--banner');
  });
});

describe('defaultBannerUrl', () => {
  it('gives each known company its own bundled banner', () => {
    for (const slug of ['big-bus', 'i-love-rome', 'green-line', 'city-sightseeing']) {
      expect(defaultBannerUrl(slug)).toBe(`/banners/${slug}.webp`);
    }
  });

  it('gives any other slug the default banner, never a path built from the URL', () => {
    expect(defaultBannerUrl('roma-musei')).toBe('/banners/default.webp');
    expect(defaultBannerUrl('../../etc')).toBe('/banners/default.webp');
    expect(defaultBannerUrl('toString')).toBe('/banners/default.webp');
  });
});

describe('pageBanner', () => {
  it('gives a company page its company banner tag and bundled default', () => {
    expect(pageBanner('company-big-bus')).toEqual({
      tag: 'big-bus-banner',
      fallback: '/banners/big-bus.webp',
    });
    expect(pageBanner('company-roma-musei')).toEqual({
      tag: 'roma-musei-banner',
      fallback: '/banners/default.webp',
    });
  });

  it('gives any other page {page}-banner and the shop default', () => {
    expect(pageBanner('about-us')).toEqual({ tag: 'about-us-banner', fallback: '/banners/default.webp' });
    expect(pageBanner('view-more')).toEqual({ tag: 'view-more-banner', fallback: '/banners/default.webp' });
  });
});

describe('cardImages', () => {
  it('large thumbnail for desktop, small for phones, the big image when a thumbnail is missing', () => {
    expect(
      cardImages({ thumbnail_large: '/l.webp', thumbnail_small: '/s.webp', image_big: '/b.webp' }),
    ).toEqual({
      large: '/l.webp',
      small: '/s.webp',
    });
    expect(cardImages({ thumbnail_large: null, thumbnail_small: null, image_big: '/b.webp' })).toEqual({
      large: '/b.webp',
      small: '/b.webp',
    });
    expect(cardImages({ thumbnail_large: '', image_big: null })).toBeNull();
  });
});

describe('offers from the catalogue (issue #23)', () => {
  const item = (
    package_tag: string,
    adult_price: string,
    off_price: string | null,
    duration = '24 hours',
    // The demo's reductions are real: the old price was charged in the 30 days before (decision 064).
    prior_price: string | null = off_price,
  ) => ({
    package_tag,
    title: `Title ${package_tag}`,
    type: 'Hop-on hop-off',
    duration,
    company: 'Big Bus',
    adult_price,
    off_price,
    prior_price,
    thumbnail_large: `/media/${package_tag}.webp`,
    thumbnail_small: null,
    image_big: null,
  });

  it('keeps only packages sold below their off_price, with their own price and the spec saving', () => {
    const offers = catalogOffers([
      item('BB-24', '29.00', '35.00'),
      item('NONE', '20.00', null),
      item('SAME', '20.00', '20.00'),
      item('BELOW', '20.00', '15.00'),
      item('HALF', '25.00', '50.00', ''),
    ]);
    expect(offers.map((o) => o.package_tag)).toEqual(['HALF', 'BB-24']);
    expect(offers[1]).toEqual({
      title: 'Title BB-24',
      subtitle: 'Hop-on hop-off',
      image: '/media/BB-24.webp',
      duration: '24 hours',
      ticket_count: 1,
      price: '29.00',
      package_tag: 'BB-24',
      company: 'Big Bus',
      image_small: '/media/BB-24.webp',
      original_price: '35.00',
      save_percent: 17,
      path: '/manageBookings/E9/BB-24',
    });
    // A package without a duration books under E8 (spec §2).
    expect(offers[0]).toMatchObject({ save_percent: 50, path: '/manageBookings/E8/HALF' });
  });

  it('orders by saving, keeping the catalogue order among equal savings', () => {
    const offers = catalogOffers([
      item('A', '30.00', '40.00'),
      item('B', '10.00', '20.00'),
      item('C', '15.00', '20.00'),
    ]);
    expect(offers.map((o) => [o.package_tag, o.save_percent])).toEqual([
      ['B', 50],
      ['A', 25],
      ['C', 25],
    ]);
  });

  it('is empty when nothing is discounted', () => {
    expect(catalogOffers([item('X', '10.00', null)])).toEqual([]);
  });
});

describe('the old price shown (decision 064, EU Omnibus)', () => {
  const p = (adult_price: string, off_price: string | null, prior_price: string | null) => ({
    adult_price,
    off_price,
    prior_price,
  });
  it("is the prior price, never the editor's figure, and only while an editor announces a reduction", () => {
    expect(announcedOldPrice(p('29.00', '35.00', '35.00'))).toBe(3500);
    expect(announcedOldPrice(p('29.00', '49.00', '32.00'))).toBe(3200);
    expect(announcedOldPrice(p('29.00', null, '35.00'))).toBeNull();
    expect(announcedOldPrice(p('29.00', '35.00', null))).toBeNull();
    expect(announcedOldPrice(p('29.00', '35.00', '29.00'))).toBeNull();
    expect(announcedOldPrice({ adult_price: '29.00', off_price: '35.00' })).toBeNull();
  });
  it('leaves a package announced without a real reduction out of the offers', () => {
    const base = {
      package_tag: 'X',
      title: 'X',
      type: '',
      duration: '24 hours',
      company: 'Big Bus',
    };
    expect(catalogOffers([{ ...base, ...p('29.00', '49.00', null) }])).toEqual([]);
    expect(catalogOffers([{ ...base, ...p('29.00', '49.00', '32.00') }])[0]).toMatchObject({
      original_price: '32.00',
      save_percent: 9,
    });
  });
});
