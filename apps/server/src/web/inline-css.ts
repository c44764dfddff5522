/**
 * Puts the app's main stylesheet into the page HTML instead of linking it. A linked stylesheet blocks
 * the first paint for one more round trip after the HTML (on a phone over slow 4G some 150-300 ms);
 * inline, the frame the server writes (navigation bar, banner, home hero) paints as soon as the HTML
 * has arrived. The app is a single-page app, so the HTML, and this CSS with it (about 11 KB compressed),
 * is loaded once per visit, not on every page. Lazy pages' own small stylesheets stay linked by their
 * chunk loader. Measured in docs/architecture.md (Web budgets).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g;

/** index.html with each built stylesheet it links written in place as a <style> element. */
export function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = path.join(distDir, href);
    if (href.includes('..') || !existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    // A stylesheet that could end the element early stays a link rather than being altered.
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}
