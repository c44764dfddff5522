import { fillPlaceholders, type WebsiteSettings } from '@rome/contract';

/** A content block shown as plain text (titles, subtitles): the text of its HTML, never markup. */
export function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html.trim();
  // An inert document: nothing in it loads or runs.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A text block (title, subtitle) as the page shows it: the text of its HTML, placeholders filled. The
 * editor's preview draws a text block with this too, so what it shows is what the page will show
 * (a preview that drew the HTML showed bold that the page, which shows the text only, did not).
 */
export function renderContentText(
  source: string,
  settings: Partial<WebsiteSettings> | null | undefined,
): string {
  return fillPlaceholders(htmlToText(source), settings ?? {});
}
