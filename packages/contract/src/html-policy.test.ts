import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-policy';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute value', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });
  it('escapes an ampersand once, so an entity in the input stays visible as written', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
  });
  it('leaves everything else as it is', () => {
    const plain = 'Roma, Via Marsala 29 · €58.50 · ñ 漢字 {email} /path?a=1;b=2';
    expect(escapeHtml(plain)).toBe(plain);
    expect(escapeHtml('')).toBe('');
  });
});
