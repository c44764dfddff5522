/** CSV for the downloads superusers open in a spreadsheet (the sales report, operators' statements). */

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a formula is defused.
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula: a
 * title or a reseller's name must not become one (OWASP CSV injection), so it gets a leading
 * apostrophe. Amounts the shop writes itself are not passed through here and stay numbers.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows under a header, CRLF line ends and a final one (RFC 4180); each row's fields already written. */
export const csvText = (header: readonly string[], rows: string[][]): string =>
  `${[header.join(','), ...rows.map((r) => r.join(','))].join('\r\n')}\r\n`;
