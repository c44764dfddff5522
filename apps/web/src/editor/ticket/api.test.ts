import { describe, expect, it } from 'vitest';
import { IMAGE_GROUPS, imagePatch } from './api';

describe('ticket editor images (spec §2: ten replaceable images)', () => {
  it('has ten images covering all fourteen slots', () => {
    expect(IMAGE_GROUPS).toHaveLength(10);
    expect(IMAGE_GROUPS.flatMap((g) => g.slots)).toHaveLength(14);
  });

  it('puts a carousel picture in its small and large slot, with the alt text where slots have one', () => {
    const carousel = IMAGE_GROUPS.find((g) => g.key === 'carousel_two')!;
    expect(imagePatch(carousel.slots, 7, ' Trevi ')).toEqual({
      carousel_two_small: 7,
      carousel_two_small_alt: 'Trevi',
      carousel_two_large: 7,
      carousel_two_large_alt: 'Trevi',
    });
    expect(imagePatch(['image_big'], 7, 'Trevi')).toEqual({ image_big: 7 });
    expect(imagePatch(['thumbnail_small'], 7, '  ')).toEqual({ thumbnail_small: 7 });
  });
});
