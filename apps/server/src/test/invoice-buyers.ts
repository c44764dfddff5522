/**
 * Billing details the invoice tests ask with (decisions 061, 069): an Italian company typed as people
 * type (lower-case province, spaces in the Partita IVA), an Italian person with a codice fiscale, and a
 * person from abroad with neither.
 */
export const COMPANY = {
  kind: 'company',
  company_name: 'Viaggi Rossi S.r.l.',
  country: 'IT',
  street: 'Via del Corso 12',
  postcode: '00186',
  city: 'Roma',
  province: 'rm',
  vat_number: '012 3456 7897',
} as const;

export const PERSON = {
  kind: 'person',
  first_name: 'Giulia',
  last_name: 'Bianchi',
  country: 'IT',
  street: 'Via Appia Nuova 100',
  postcode: '00183',
  city: 'Roma',
  province: 'RM',
  tax_code: 'BNCGLI85M41H501Z',
} as const;

export const PERSON_ABROAD = {
  kind: 'person',
  first_name: 'Marie',
  last_name: 'Dupont',
  country: 'FR',
  street: '12 rue de Rivoli',
  postcode: '75001',
  city: 'Paris',
} as const;
