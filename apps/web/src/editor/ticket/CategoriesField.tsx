import { PACKAGE_CATEGORIES, type PackageCategory } from '@rome/contract';

/**
 * The ticket editor's categories (decision 039): where the storefront lists the ticket, and what its
 * page offers as similar. One checkbox each; the same in every language (the labels are the English
 * ones: the editors' tools stay in English). Saved with the other details by the one 'Save Changes'.
 */
export function CategoriesField({
  value,
  onChange,
  formId,
}: {
  value: PackageCategory[];
  onChange: (next: PackageCategory[]) => void;
  formId: string;
}) {
  const toggle = (key: PackageCategory, on: boolean) =>
    onChange(inOrder(on ? [...value, key] : value.filter((k) => k !== key)));
  return (
    <fieldset>
      <legend className="mb-1 font-bold">Categories</legend>
      <p className="mb-2 text-xs text-stone-600">
        Where the shop lists this ticket; its page offers tickets of the same categories first.
      </p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {PACKAGE_CATEGORIES.map((c) => (
          <label key={c.key} className="flex items-center gap-2 text-sm font-semibold">
            <input
              form={formId}
              type="checkbox"
              className="h-4 w-4 accent-brand"
              checked={value.includes(c.key)}
              onChange={(e) => toggle(c.key, e.target.checked)}
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Known keys, each once, in the contract's order, as the server stores them (contract
 * normalizeCategories, not imported: a contract function the web uses is in every first load).
 */
const inOrder = (keys: readonly string[]): PackageCategory[] =>
  PACKAGE_CATEGORIES.map((c) => c.key).filter((k) => keys.includes(k));

/** The categories as the package has them (an older answer without the field has none). */
export const categoriesOf = (pkg: { categories?: readonly string[] }): PackageCategory[] =>
  inOrder(pkg.categories ?? []);

/** Whether two lists choose the same categories (both kept in the contract's order). */
export const sameCategories = (a: readonly PackageCategory[], b: readonly PackageCategory[]) =>
  a.length === b.length && a.every((k, i) => k === b[i]);
