/** The company name as the badge writes it: upper case, trimmed. */
export const badgeName = (companyName: string): string => companyName.trim().toUpperCase();

/** The company name as it reads in the badge: '{COMPANY NAME IN UPPER CASE} SERVICES' (English). */
export function servicesBadge(companyName: string): string {
  return `${badgeName(companyName)} SERVICES`;
}

/** A route segment such as 'big bus' as a display name ('Big Bus') until the folder is known. */
export function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
