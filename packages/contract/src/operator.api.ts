/**
 * Operators as users (decision 066). A superuser invites a person to an operator (a company folder)
 * with a role; the person takes the invitation with an account of that address and then uses the
 * operator's console: every `/api/operator/{folder}/` call answers 401 without a sign-in, 403 to
 * anyone without one of the call's roles at that operator (a manager of another operator included),
 * and is let through for a superuser. A manager's account needs a second factor first (decision 051).
 */
import { z } from 'zod';
import { adminAgentSchema, agentActiveBodySchema, newAgentSchema } from './agent-app.schema';
import { endpoint, errors } from './endpoint';
import { slotUpdateResponseSchema, slotUpdateSchema } from './inventory.schema';
import { OPERATOR_RIGHTS } from './operator';
import {
  invitationAcceptSchema,
  myOperatorsSchema,
  newOperatorStaffSchema,
  operatorAgentParams,
  operatorBookingSchema,
  operatorFolderParams,
  operatorMembershipSchema,
  operatorPackageParams,
  operatorProductEditSchema,
  operatorProductSchema,
  operatorRangeQuerySchema,
  operatorRedemptionSchema,
  operatorSlotParams,
  operatorSlotsQuerySchema,
  operatorSlotsSchema,
  operatorStaffSchema,
} from './operator.schema';

const guarded = { 401: errors[401], 403: errors[403] } as const;

export const operatorApi = {
  'GET /api/operator/': endpoint({
    summary: 'The operators the signed-in person works for, with their role',
    tag: 'operators',
    access: 'user',
    description:
      'Empty for a customer. A superuser gets every operator, as its manager, and `superuser: true`.',
    responses: { 200: myOperatorsSchema, 401: errors[401] },
  }),
  'POST /api/operator/invitations/accept/': endpoint({
    summary: 'Take an invitation to an operator with the signed-in account',
    tag: 'operators',
    access: 'user',
    description:
      "The token of the invitation's e-mailed link; the account's address must be the invited one (the " +
      'link proves the mailbox). Once, within the invitation days; unknown or used tokens are counted ' +
      'per account (429 past 20 in an hour).',
    ownMessages: true,
    body: invitationAcceptSchema,
    responses: {
      200: z.object({ operator: operatorMembershipSchema, message: z.string() }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      429: errors[429],
    },
  }),
  'GET /api/admin/operator-staff/': endpoint({
    summary: "Every operator's people and open invitations (superusers)",
    tag: 'operators',
    access: 'superuser',
    responses: { 200: z.object({ staff: z.array(operatorStaffSchema) }), ...guarded },
  }),
  'POST /api/admin/operator-staff/': endpoint({
    summary: 'Invite a person to an operator with a role (superusers): an e-mail with a link goes out',
    tag: 'operators',
    access: 'superuser',
    // A manager reads bookings and changes prices: the password first, as for reseller keys.
    stepUp: true,
    ownMessages: true,
    body: newOperatorStaffSchema,
    responses: {
      201: z.object({ staff: operatorStaffSchema, message: z.string() }),
      400: errors[400],
      409: errors[409],
      ...guarded,
    },
  }),
  'DELETE /api/admin/operator-staff/:id/': endpoint({
    summary: 'Remove a person from an operator, or withdraw an invitation (superusers)',
    tag: 'operators',
    access: 'superuser',
    stepUp: true,
    params: z.object({ id: z.uuid() }),
    responses: { 200: z.object({ message: z.string() }), 404: errors[404], ...guarded },
  }),
  'GET /api/operator/:folder/packages/': endpoint({
    summary: "The operator's products with their prices",
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.readProducts,
    params: operatorFolderParams,
    responses: { 200: z.object({ products: z.array(operatorProductSchema) }), ...guarded },
  }),
  'PATCH /api/operator/:folder/packages/:packageTag/': endpoint({
    summary: "Change one of the operator's products: title and prices (managers)",
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.changeProducts,
    description:
      "By the editors' rules (the price history and honest reductions follow, decision 064). Another " +
      "operator's product answers 404.",
    params: operatorPackageParams,
    body: operatorProductEditSchema,
    responses: {
      200: z.object({ product: operatorProductSchema, message: z.string() }),
      400: errors[400],
      404: errors[404],
      ...guarded,
    },
  }),
  'GET /api/operator/:folder/slots/': endpoint({
    summary: "One of the operator's products' times in a range of Rome dates, with places taken",
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.readProducts,
    params: operatorFolderParams,
    query: operatorSlotsQuerySchema,
    responses: { 200: operatorSlotsSchema, 400: errors[400], 404: errors[404], ...guarded },
  }),
  'PATCH /api/operator/:folder/slots/:id/': endpoint({
    summary: "Change a time's capacity, or close or reopen it (managers)",
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.changeProducts,
    params: operatorSlotParams,
    body: slotUpdateSchema,
    responses: {
      200: slotUpdateResponseSchema,
      400: errors[400],
      404: errors[404],
      409: errors[409],
      ...guarded,
    },
  }),
  'GET /api/operator/:folder/bookings/': endpoint({
    summary: "The bookings of the operator's products, newest first (managers, sales)",
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.readBookings,
    description:
      'Paid, refunded and cancelled bookings whose visit (or, for a pass, its payment) falls in the Rome dates given; at most 500.',
    params: operatorFolderParams,
    query: operatorRangeQuerySchema,
    responses: { 200: z.object({ bookings: z.array(operatorBookingSchema) }), 400: errors[400], ...guarded },
  }),
  'GET /api/operator/:folder/redemptions/': endpoint({
    summary: 'Tickets of the operator redeemed at the door in a range of Rome dates (managers, door)',
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.readRedemptions,
    params: operatorFolderParams,
    query: operatorRangeQuerySchema,
    responses: {
      200: z.object({ redemptions: z.array(operatorRedemptionSchema) }),
      400: errors[400],
      ...guarded,
    },
  }),
  'GET /api/operator/:folder/agents/': endpoint({
    summary: "The operator's agents (managers)",
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.manageAgents,
    params: operatorFolderParams,
    responses: { 200: z.object({ agents: z.array(adminAgentSchema) }), ...guarded },
  }),
  'POST /api/operator/:folder/agents/': endpoint({
    summary:
      "Make an agent of the operator with its security code (managers): it redeems this operator's tickets only",
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.manageAgents,
    ownMessages: true,
    params: operatorFolderParams,
    body: newAgentSchema,
    responses: { 201: z.object({ agent: adminAgentSchema }), 400: errors[400], 409: errors[409], ...guarded },
  }),
  'PATCH /api/operator/:folder/agents/:id/': endpoint({
    summary: "Disable or enable one of the operator's agents (managers)",
    tag: 'operators',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.manageAgents,
    ownMessages: true,
    params: operatorAgentParams,
    body: agentActiveBodySchema,
    responses: { 200: z.object({ agent: adminAgentSchema }), 400: errors[400], 404: errors[404], ...guarded },
  }),
} as const;
