import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './site';
import { type WebsiteSettings, websiteSettingsSchema } from './site.schema';

describe('DEFAULT_SETTINGS', () => {
  it('is a complete WebsiteSettings (site.ts declares it without importing the schema)', () => {
    const typed: WebsiteSettings = DEFAULT_SETTINGS;
    expect(websiteSettingsSchema.parse(typed)).toEqual(DEFAULT_SETTINGS);
  });
});
