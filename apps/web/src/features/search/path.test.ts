import { describe, expect, it } from 'vitest';
import { textSearchPath } from './path';

describe('textSearchPath (decision 039)', () => {
  it('writes a text search address without empty parts or the default sort', () => {
    expect(textSearchPath({ q: ' colosseum ' })).toBe('/search?q=colosseum');
    expect(textSearchPath({ q: 'St Peter & Paul', category: 'museums', sort: 'price_asc' })).toBe(
      '/search?q=St+Peter+%26+Paul&category=museums&sort=price_asc',
    );
    expect(textSearchPath({ category: 'night', sort: 'relevance' })).toBe('/search?category=night');
    expect(textSearchPath({})).toBe('/search');
  });
});
