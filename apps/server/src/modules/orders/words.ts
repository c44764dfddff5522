/**
 * A package's title in a buyer's language (decision 024), for what the shop sends about an order: the
 * payment page's lines, the ticket e-mail, PDF, wallet pass, ticket link and the buyer's ticket lists.
 * The editors' translation where there is one, the English otherwise (as the catalogue shows it).
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { orders, packages, packageTranslations, type waitlistEntries } from '../../db/schema';

/** The title translated into `language` (an SQL value: a column or a placeholder). */
export const packageTitleIn = (
  language: Placeholder | SQL | typeof orders.language | typeof waitlistEntries.language,
): SQL<string> =>
  sql<string>`coalesce((select ${packageTranslations.title} from ${packageTranslations} where ${packageTranslations.packageId} = ${packages.id} and ${packageTranslations.language} = ${language}), ${packages.title})`;

/** In a query over orders joined with their package: the title in the order's language. */
export const orderPackageTitle = packageTitleIn(orders.language);
