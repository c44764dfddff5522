/**
 * The booking widget's loader (decision 060), `/widget.js`: the one script a partner's page carries.
 * It puts the shop's widget page in a frame after its own tag, in the tag's language (`data-lang`, else
 * the host page's `<html lang>`, else the browser's, among the shop's five), with the partner's code and
 * the host's origin, and sizes the frame to the height the widget page posts, taking messages only from
 * the shop's origin and that frame. Plain ES5-era JavaScript: it runs on any partner's page, unbundled.
 */
import { createHash } from 'node:crypto';
import { LOCALES, WIDGET_MESSAGE_TYPE, WIDGET_PARAMS } from '@rome/contract';
import { serverI18n } from '../i18n/catalog';

/** The frame's accessible name in each language. */
const frameTitles = () =>
  Object.fromEntries(
    LOCALES.map((locale) => {
      const i18n = serverI18n(locale);
      return [locale, i18n._('Book tickets: Rome Bus Tickets')];
    }),
  );

export function widgetLoaderScript(): string {
  return `/* Rome Bus Tickets booking widget (decision 060) */
(function () {
  var tag = document.currentScript;
  if (!tag || !tag.src || !tag.getAttribute('data-package')) return;
  var shop = new URL(tag.src).origin;
  var langs = ${JSON.stringify(LOCALES)};
  var titles = ${JSON.stringify(frameTitles())};
  var pick = function (v) {
    v = String(v || '').toLowerCase().slice(0, 2);
    return langs.indexOf(v) >= 0 ? v : null;
  };
  var asked = [tag.getAttribute('data-lang'), document.documentElement.lang]
    .concat(navigator.languages || [navigator.language]);
  var lang = 'en';
  for (var i = 0; i < asked.length; i++) if (pick(asked[i])) { lang = pick(asked[i]); break; }
  var query = new URLSearchParams();
  if (tag.getAttribute('data-partner')) query.set(${JSON.stringify(WIDGET_PARAMS.partner)}, tag.getAttribute('data-partner'));
  query.set(${JSON.stringify(WIDGET_PARAMS.host)}, location.origin);
  var frame = document.createElement('iframe');
  frame.src = shop + (lang === 'en' ? '' : '/' + lang) + '/widget/' +
    encodeURIComponent(tag.getAttribute('data-package')) + '/?' + query.toString();
  frame.title = titles[lang];
  frame.setAttribute('data-rbt-widget', '');
  frame.style.cssText = 'display:block;width:100%;max-width:520px;height:640px;border:0;margin:0 auto;color-scheme:light';
  tag.parentNode.insertBefore(frame, tag.nextSibling);
  window.addEventListener('message', function (event) {
    if (event.origin !== shop || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(WIDGET_MESSAGE_TYPE)} || typeof data.height !== 'number') return;
    frame.style.height = Math.max(240, Math.min(4000, Math.ceil(data.height))) + 'px';
  });
})();
`;
}

/** The loader with its ETag (its words are the catalogues' at start, so it changes only with a release). */
export function widgetLoader(): { body: string; etag: string } {
  const body = widgetLoaderScript();
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * Put in the widget page's head, before the app's modules run: a browser that blocks third-party
 * cookies also denies a third-party frame its localStorage and sessionStorage (reading them throws),
 * and the storefront's shell reads both as it starts. In such a frame they become memory kept for the
 * page's life: the widget keeps nothing between visits anyway (decision 060). Elsewhere untouched.
 */
export const WIDGET_STORAGE_FALLBACK = `<script>(function () {
  ['localStorage', 'sessionStorage'].forEach(function (name) {
    try { window[name].length; return; } catch (e) {}
    var kept = new Map();
    var store = {
      getItem: function (k) { return kept.has(String(k)) ? kept.get(String(k)) : null; },
      setItem: function (k, v) { kept.set(String(k), String(v)); },
      removeItem: function (k) { kept.delete(String(k)); },
      clear: function () { kept.clear(); },
      key: function (i) { var keys = Array.from(kept.keys()); return i < keys.length ? keys[i] : null; },
      get length() { return kept.size; },
    };
    Object.defineProperty(window, name, { value: store, configurable: true });
  });
})();</script>`;
