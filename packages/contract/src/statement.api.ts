/**
 * Operators' statements (decision 068): per operator and period, every sale and refund of its products
 * with the shop's commission, as JSON, CSV and a spreadsheet (superusers; operators' own accounts will
 * read their own through the same service). The commission per operator is data superusers set.
 */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';
import { OPERATOR_RIGHTS } from './operator';
import { operatorFolderParams } from './operator.schema';
import { STATEMENT_COLUMNS } from './statement';
import {
  commissionChangeSchema,
  statementOperatorSchema,
  statementPeriodQuerySchema,
  statementQuerySchema,
  statementSchema,
} from './statement.schema';

const PERIOD =
  'from and to are Rome days, both included (at most 400 days); folder names one operator, none every ' +
  'operator. A sale counts on the day it was paid, a refund or partial refund on the day it was made. ' +
  "Gross is what the buyer's order is worth after a promo code's discount, however it was paid (card or " +
  "gift card); commission is the operator's rate of gross less refunded; net = gross - refunded - commission.";
const FILE = `Columns, in this order, under a header row: ${STATEMENT_COLUMNS.join(', ')}; amounts in EUR with two decimals.`;
const refusals = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] };

export const statementApi = {
  'GET /api/admin/statements/': endpoint({
    summary: "An operator's statement (or every operator's) for a period (superusers)",
    tag: 'statements',
    access: 'superuser',
    description: PERIOD,
    query: statementQuerySchema,
    ownMessages: true,
    responses: { 200: statementSchema, ...refusals },
  }),
  'GET /api/admin/statements/csv/': endpoint({
    summary: 'The statement as CSV, one line per sale or refund (superusers)',
    tag: 'statements',
    access: 'superuser',
    description: `${PERIOD} text/csv, UTF-8, RFC 4180. ${FILE} A text that a spreadsheet would run as a formula (= + - @) is written with a leading apostrophe.`,
    query: statementQuerySchema,
    ownMessages: true,
    responses: { 200: z.string().meta({ description: 'The lines as text/csv' }), ...refusals },
  }),
  'GET /api/admin/statements/xlsx/': endpoint({
    summary: 'The statement as a spreadsheet (Office Open XML, .xlsx) (superusers)',
    tag: 'statements',
    access: 'superuser',
    description: `${PERIOD} ${FILE} Amounts are numbers, texts are never formulas; a second sheet holds the totals.`,
    query: statementQuerySchema,
    ownMessages: true,
    responses: {
      200: z.string().meta({
        description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      ...refusals,
    },
  }),
  'GET /api/admin/statements/operators/': endpoint({
    summary: 'The operators a statement may be drawn for, with their commission (superusers)',
    tag: 'statements',
    access: 'superuser',
    responses: {
      200: z.object({ operators: z.array(statementOperatorSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'PUT /api/admin/operators/:companySlug/commission/': endpoint({
    summary: "Set an operator's commission, in basis points (superusers)",
    tag: 'statements',
    access: 'superuser',
    description:
      'The rate applies to every statement drawn from then on, past periods included: change it at the ' +
      'start of a period (decision 068).',
    // Money the operator is owed changes: the password again, as for a promo code.
    stepUp: true,
    params: z.object({ companySlug: z.string().min(1).max(100) }),
    body: commissionChangeSchema,
    ownMessages: true,
    responses: { 200: z.object({ operator: statementOperatorSchema }), ...refusals },
  }),
  // An operator's own statement in its console (decision 066): its folder only, its managers and superusers.
  'GET /api/operator/:folder/statement/': endpoint({
    summary: "The operator's own statement for a period (its managers)",
    tag: 'statements',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.readStatements,
    description: `${PERIOD} The operator is the path's.`,
    params: operatorFolderParams,
    query: statementPeriodQuerySchema,
    ownMessages: true,
    responses: { 200: statementSchema, ...refusals },
  }),
  'GET /api/operator/:folder/statement/csv/': endpoint({
    summary: "The operator's own statement as CSV (its managers)",
    tag: 'statements',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.readStatements,
    description: `${PERIOD} ${FILE}`,
    params: operatorFolderParams,
    query: statementPeriodQuerySchema,
    ownMessages: true,
    responses: { 200: z.string().meta({ description: 'The lines as text/csv' }), ...refusals },
  }),
  'GET /api/operator/:folder/statement/xlsx/': endpoint({
    summary: "The operator's own statement as a spreadsheet (its managers)",
    tag: 'statements',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.readStatements,
    description: `${PERIOD} ${FILE}`,
    params: operatorFolderParams,
    query: statementPeriodQuerySchema,
    ownMessages: true,
    responses: {
      200: z
        .string()
        .meta({ description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      ...refusals,
    },
  }),
} as const;
