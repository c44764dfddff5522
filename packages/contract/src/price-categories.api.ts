/**
 * The editors' calls of a package's price categories beside adult and youth (decision 070): which it
 * sells and at what price. Data, not code: a package sells a category only when it has a price for it.
 */
import { endpoint, errors } from './endpoint';
import { packageTagParams } from './package-key';
import { categoryPricesEditSchema, categoryPricesResponseSchema } from './price-categories.schema';

export const priceCategoriesApi = {
  'GET /api/editor/packages/:packageTag/price-categories/': endpoint({
    summary: "A package's price categories and their prices (editors)",
    tag: 'catalog',
    access: 'editor',
    params: packageTagParams,
    responses: { 200: categoryPricesResponseSchema, 401: errors[401], 403: errors[403], 404: errors[404] },
  }),
  'PUT /api/editor/packages/:packageTag/price-categories/': endpoint({
    summary: 'Set which price categories a package sells and at what price (editors)',
    tag: 'catalog',
    access: 'editor',
    description:
      'The whole list is replaced: a category left out is no longer sold. Orders already made keep the ' +
      'prices they were bought at. The kinds, the proof the door checks and their rules are fixed ' +
      '(reduced_eu, disabled, carer, family).',
    params: packageTagParams,
    body: categoryPricesEditSchema,
    responses: {
      200: categoryPricesResponseSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
} as const;
