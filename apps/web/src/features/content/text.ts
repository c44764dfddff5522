/** A content block shown as plain text (titles, subtitles): the text of its HTML, never markup. */
export function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html.trim();
  // An inert document: nothing in it loads or runs.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
