/** Control characters (newlines, NUL, escapes) replaced by spaces: for one-line texts editors type. */
export const oneLine = (s: string): string =>
  Array.from(s, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c)).join('');
