import { describe, expect, it } from 'vitest';
import { mediaTypeOf, nameFromFile, readableSize, sizeTone, updatedMessage } from './api';

const file = (name: string, type: string) => ({ name, type }) as File;

describe('media library helpers (spec §4, §5, §8, §9)', () => {
  it('derives the media type from the file', () => {
    expect(mediaTypeOf(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(mediaTypeOf(file('a.mp4', 'video/mp4'))).toBe('video');
    expect(mediaTypeOf(file('a.pdf', 'application/pdf'))).toBe('other');
    expect(mediaTypeOf(file('a', ''))).toBe('other');
  });

  it('takes the name from the file name without its extension', () => {
    expect(nameFromFile(file('rome-colosseum.final.jpg', 'image/jpeg'))).toBe('rome-colosseum.final');
    expect(nameFromFile(file('README', 'text/plain'))).toBe('README');
    expect(nameFromFile(file('.env', 'text/plain'))).toBe('.env');
  });

  it('colours a size red above 90 %, orange above 75 %, green otherwise', () => {
    expect(sizeTone(91, 100)).toBe('red');
    expect(sizeTone(90, 100)).toBe('orange');
    expect(sizeTone(76, 100)).toBe('orange');
    expect(sizeTone(75, 100)).toBe('green');
  });

  it("names one updated field, or counts them: 'Media {field} updated successfully!'", () => {
    expect(updatedMessage(['name'])).toBe('Media name updated successfully!');
    expect(updatedMessage(['alt_text'])).toBe('Media alt text updated successfully!');
    expect(updatedMessage(['name', 'alt_text'])).toBe('Media 2 fields updated successfully!');
  });

  it('shows sizes readably', () => {
    expect(readableSize(512)).toBe('512 B');
    expect(readableSize(8 * 1024)).toBe('8 KB');
    expect(readableSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
