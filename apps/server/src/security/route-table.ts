/**
 * The server's doors, one entry per route (`METHOD path` as registered), with who may open each: for
 * an API call the contract entry's access level (packages/contract, `API`), for the few routes outside
 * the contract a level stated here.
 * The authorization matrix checks this table against the routes the real app registers (a route
 * without an entry, or an entry without a route, fails it), and the fuzz tests walk the same table.
 *
 * Access classes (roles: anonymous, customerA, customerB, editor, superuser):
 * - public:    nobody gets 401/403.
 * - user:      401 anonymous, everybody signed in is let through.
 * - editor:    401 anonymous, 403 customers, editors and superusers let through.
 * - superuser: 401 anonymous, 403 customers and editors, superusers let through.
 * - owner:     a thing of customer A's (A's session, ticket): 401 anonymous, A let through, everybody
 *              else 404 (no role, not even a superuser, reads someone else's ticket through it).
 * - reseller:  the OCTO API (/octo): 401 anonymous, 403 for every account's token (only a reseller key
 *              opens it; modules/reseller).
 * - agent:     the agents' app (decision 021): only a device token opens it (role 'device'); every other
 *              role, a superuser's token included, gets 401.
 * - operator:  an operator's console (decision 066): 401 anonymous; let through for a superuser and for the
 *              people of operator A (the fixtures' folder in the path) whose role the call names; 403 for
 *              every other account, operator B's manager included.
 * The people of operators (managerA, salesA, doorA of operator A, managerB of operator B) are plain
 * signed-in accounts to every other class.
 * "Let through" means not 401/403: the dummy input may well earn a 400 or 404.
 */
import { API, type ApiKey, type EndpointDef, type OperatorRole } from '@rome/contract';
import type { RouteOptions } from 'fastify';
import { OCTO_API, type OctoKey, octoRoute } from '../modules/reseller/octo-api';

/**
 * Who calls. 'agent' is a ticket agent at the door: no account, an agent name and its security code
 * (sent as HTTP Basic credentials, as a curious agent might try them): they open the claim calls and
 * nothing else. Last, so its successful claim cannot hide another role's check. 'device' is an agent's
 * signed-in device in the agents' app (a device token as Bearer): it opens the 'agent' calls only.
 */
export type Role =
  | 'anonymous'
  | 'customerA'
  | 'customerB'
  | OperatorPerson
  | 'editor'
  | 'superuser'
  | 'device'
  | 'agent';
/** The people of operators: three roles at operator A, and operator B's manager. */
export type OperatorPerson = 'managerA' | 'salesA' | 'doorA' | 'managerB';
export const OPERATOR_PEOPLE: Record<OperatorPerson, { operator: 'A' | 'B'; role: OperatorRole }> = {
  managerA: { operator: 'A', role: 'manager' },
  salesA: { operator: 'A', role: 'sales' },
  doorA: { operator: 'A', role: 'door' },
  managerB: { operator: 'B', role: 'manager' },
};
export const ROLES: readonly Role[] = [
  'anonymous',
  'customerA',
  'customerB',
  'managerB',
  'doorA',
  'salesA',
  'managerA',
  'editor',
  'superuser',
  'device',
  'agent',
];
export type Access =
  | 'public'
  | 'user'
  | 'editor'
  | 'superuser'
  | 'owner'
  | 'reseller'
  | 'session'
  | 'agent'
  | 'operator';

/** Real values for path parameters, made by the fixtures (see fixtures.ts). */
export type Fixtures = {
  mediaId: string;
  mediaKey: string;
  logoId: string;
  packageTag: string;
  pageTag: string;
  contentTag: string;
  imageTag: string;
  sessionId: string;
  uniqueId: string;
  claimCode: string;
  agentName: string;
  /** The agent's own security code: only the agent role sends it. */
  agentCode: string;
  /** The agent's device token (the agents' app): only the device role sends it. */
  deviceToken: string;
  metric: string;
  /** Operator A's folder: the folder of `packageTag`. */
  folderA: string;
};

export type RouteEntry = {
  access: Access;
  /** For 'operator': the roles at the operator the call lets in (the contract's operatorRoles). */
  operatorRoles?: readonly OperatorRole[];
  /** Exact statuses where we know them (they win over the class). */
  expect?: Partial<Record<Role, number>>;
  /** Path parameter -> fixture value (missing ones get a harmless dummy). */
  params?: Record<string, keyof Fixtures | ((f: Fixtures) => string)>;
  /** Field names the handler reads: the fuzzer mixes them into its bodies so handlers get past "missing field". */
  fields?: string[];
  /** Takes multipart/form-data (the fuzzer also sends random files). */
  multipart?: boolean;
  /** Fewer fuzz runs for calls that are slow on purpose (the password reset answers no sooner than 300 ms). */
  fuzzRuns?: number;
};

const ACCOUNT = ['full_name', 'email', 'phone_number', 'password'];
const LOGO = ['name', 'logo_id', 'alt_text', 'website_url', 'is_active', 'order'];
const PACKAGE = [
  'title',
  'is_featured',
  'adult_price',
  'youth_price',
  'off_price',
  'description',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'schema_json',
  'image_big',
  'thumbnail_small',
  'dates',
  'facts',
  'categories',
];
const CHECKOUT = [
  'title',
  'description',
  'image',
  'date',
  'adult_count',
  'youth_count',
  'infant_count',
  'package_id',
  'package_identifier',
  'waitlist_token',
];
const INVOICE = [
  'kind',
  'company_name',
  'first_name',
  'last_name',
  'country',
  'street',
  'postcode',
  'city',
  'province',
  'vat_number',
  'tax_code',
  'sdi_code',
  'pec',
];
const TRACK = [
  'action',
  'timestamp',
  'ipAddress',
  'page',
  'fullUrl',
  'country',
  'countryCode',
  'city',
  'events',
];

/**
 * Per contract call, what the tests need beyond the contract: fixtures for path parameters, exact
 * statuses, the fields the fuzzer mixes in. Who may call is not repeated here: it is the entry's
 * `access` in packages/contract (the same declaration that guards the route and documents it), so the
 * matrix checks the server against it and the two cannot drift apart.
 */
type CallExtras = Omit<RouteEntry, 'access'> & {
  /** The contract says 'user'; the matrix checks the narrower rule that only the owner gets through. */
  owner?: true;
};

const CALLS: { [K in ApiKey]?: CallExtras } = {
  // auth
  'POST /api/api/token/': { fields: ['username', 'password'] },
  'POST /api/api/token/refresh/': { fields: ['refresh'] },
  'POST /api/api/token/verify/': { fields: ['token'] },
  'POST /api/api/token/blacklist/': { fields: ['refresh'] },
  // the web app's session: its HttpOnly cookie opens refresh (no role here sends one); end is harmless
  'POST /api/session/refresh/': { fields: ['refresh'] },
  'POST /api/session/end/': {},
  // a wrong password answers 400 for every signed-in role
  'POST /api/session/step-up/': { fields: ['password'] },
  // the second factor (decision 051): the sign-in's second step is public (its proof is the pending
  // step); a superuser already has one (409 on a new set-up); the reset is a superuser's
  'POST /api/session/second-factor/': { fields: ['pending', 'code'] },
  'GET /api/account/second-factor/': { expect: { customerA: 200, editor: 200, superuser: 200 } },
  'POST /api/account/second-factor/setup/': { expect: { superuser: 409 } },
  'POST /api/account/second-factor/confirm/': { fields: ['code'] },
  'POST /api/account/second-factor/disable/': { fields: ['password', 'code'] },
  'POST /api/admin/second-factor/reset/': { fields: ['email'] },

  // accounts
  'POST /api/register/': { fields: ACCOUNT },
  'GET /api/profile/': { expect: { customerA: 200, customerB: 200 } },
  'PUT /api/profile/update/': { fields: ['email', 'phone_number', 'current_password'] },
  'POST /api/profile/email-change/undo/': { fields: ['token'] },
  'GET /api/profile/data/': { expect: { customerA: 200, customerB: 200 } },
  'POST /api/profile/delete/': { fields: ['password'] },
  'POST /api/profile/change-password/': { fields: ['current_password', 'new_password'] },
  'GET /api/profile/statistics/': { expect: { customerA: 200 } },
  'GET /api/check-editor/': { expect: { customerA: 200, editor: 200 } },
  'GET /api/check-superuser/': { expect: { customerA: 200, superuser: 200 } },
  'POST /api/request-password-reset/': { fields: ['email'], fuzzRuns: 6 },
  'POST /api/verify-reset-code/': {
    fields: ['email', 'code', 'new_password'],
    fuzzRuns: 6,
  },

  // catalogue
  'GET /api/packages/': { expect: { anonymous: 200 } },
  // Public; the dummy request has neither words nor a category, so a 400 (decision 039).
  'GET /api/packages/search/': { expect: { anonymous: 400 } },
  'GET /api/package/:status/:packageTag/': {
    params: { status: () => 'E9', packageTag: 'packageTag' },
    expect: { anonymous: 200 },
  },
  'PATCH /api/update-bus-package/:packageTag/': { params: { packageTag: 'packageTag' }, fields: PACKAGE },

  // settings, logos, newsletter, offers
  'GET /api/website-settings/': { expect: { anonymous: 200 } },
  'GET /api/website-settings/global-head-code/': { expect: { anonymous: 200 } },
  'PATCH /api/website-settings/global-head-code/': { fields: ['global_head_code'] },
  'GET /api/partner-logos': { expect: { anonymous: 200 } },
  'GET /api/partner-logos/all/': { expect: { editor: 200, superuser: 200 } },
  'POST /api/partner-logos/create/': { fields: LOGO },
  'PATCH /api/partner-logos/:id/update/': { params: { id: 'logoId' }, fields: LOGO },
  'DELETE /api/partner-logos/:id/delete/': { params: { id: 'logoId' } },
  'POST /api/newsletter/subscribe/': { fields: ['email'] },
  'GET /bus.json': { expect: { anonymous: 200 } },

  // media
  'GET /api/media-library/': { expect: { anonymous: 200 } },
  'POST /api/media-library/create/': {
    multipart: true,
    fields: ['name', 'alt_text', 'media_type'],
  },
  'PATCH /api/media-library/:id/update/': {
    params: { id: 'mediaId' },
    fields: ['name', 'alt_text', 'media_type'],
  },
  'DELETE /api/media-library/:id/delete/': { params: { id: 'mediaId' } },

  // checkout and tickets
  // The publishable key and provider name only: public by design.
  'GET /api/payments/config/': { expect: { anonymous: 200 } },
  'POST /api/create-checkout-session/': { multipart: true, fields: CHECKOUT },
  // A guest's checkout is open to all; its pages open only to the browser's guest cookie, which no
  // role here sends: not found for everyone (decision 035).
  'POST /api/guest-checkout-session/': { multipart: true, fields: [...CHECKOUT, 'email', 'gift_card_code'] },
  // Gift cards (decision 053): bought and checked by anyone; a card's page opens only to its link's token.
  'POST /api/gift-cards/': { fields: ['amount', 'email', 'language'] },
  'POST /api/gift-cards/check/': { fields: ['gift_card_code'] },
  // Waiting lists (decision 063): anyone joins; a link's token opens leaving and the offer (a made-up
  // one is a 404 for all); superusers read the lists.
  'POST /api/waitlist/': { fields: ['slot_id', 'email', 'places', 'language'] },
  'POST /api/waitlist/leave/': { fields: ['token'] },
  'POST /api/waitlist/offer/': { fields: ['token'] },
  'GET /api/admin/waitlist/': { expect: { superuser: 200 } },
  // The booking widget (decision 060): open to all, no cookie; a made-up payment link opens nothing.
  'POST /api/widget/start/': { fields: ['package_identifier', 'partner_code'] },
  'POST /api/widget/checkout/': {
    multipart: true,
    fields: [...CHECKOUT, 'email', 'gift_card_code', 'widget_token'],
    expect: { anonymous: 400 },
  },
  'GET /api/widget/handoff/:code/': { expect: { anonymous: 404, customerA: 404, superuser: 404 } },
  'GET /api/admin/partners/': { expect: { superuser: 200 } },
  'POST /api/admin/partners/': { fields: ['name'] },
  'POST /api/guest-orders/:uniqueId/keep/': {
    params: { uniqueId: 'uniqueId' },
    fields: ['full_name', 'phone_number', 'password'],
    expect: { anonymous: 404, customerA: 404 },
  },
  'GET /api/guest-orders/:uniqueId/': {
    params: { uniqueId: 'uniqueId' },
    expect: { anonymous: 404, customerA: 404 },
  },
  'GET /api/guest-checkout/:session/': {
    params: { session: 'sessionId' },
    expect: { anonymous: 404, customerA: 404 },
  },
  'POST /api/guest-checkout/:session/pay/': {
    params: { session: 'sessionId' },
    expect: { anonymous: 404, customerA: 404 },
  },
  'POST /api/guest-checkout/:session/cancel/': {
    params: { session: 'sessionId' },
    expect: { anonymous: 404, customerA: 404 },
  },
  'GET /api/test-checkout/:session/': {
    owner: true,
    params: { session: 'sessionId' },
    expect: { customerA: 200 },
  },
  'POST /api/test-checkout/:session/pay/': {
    owner: true,
    params: { session: 'sessionId' },
    expect: { customerA: 200 },
  },
  'POST /api/test-checkout/:session/cancel/': { owner: true, params: { session: 'sessionId' } },
  'GET /api/success/:uniqueId/': {
    owner: true,
    params: { uniqueId: 'uniqueId' },
    expect: { customerA: 200 },
  },
  'GET /api/dashboard/': { expect: { customerA: 200, customerB: 200 } },
  // Wallet passes: the matrix's app has no signing material, so the owner too gets 404 'not available'.
  'GET /api/wallet/': { expect: { anonymous: 200 } },
  'GET /api/tickets/:uniqueId/wallet/apple/': { owner: true, params: { uniqueId: 'uniqueId' } },
  'GET /api/tickets/:uniqueId/wallet/google/': { owner: true, params: { uniqueId: 'uniqueId' } },
  // A made-up order: cancelling or refunding the fixture's ticket would change what later rows read.
  'POST /api/tickets/:uniqueId/cancel/': { params: { uniqueId: () => 'no-such-order' } },
  'POST /api/admin/orders/:uniqueId/refund/': { params: { uniqueId: () => 'no-such-order' } },
  // The ticket link (decision 019): its token opens it, not an account; a made-up one is a 404 for all.
  'GET /api/ticket-links/:token/': { params: { token: () => 'no-such-link' } },
  'GET /api/ticket-links/:token/pdf/': { params: { token: () => 'no-such-link' } },
  'POST /api/ticket-links/:token/cancel/': { params: { token: () => 'no-such-link' } },
  // A closed time's choices (decision 059): the link's token too.
  'GET /api/ticket-links/:token/disruption/': { params: { token: () => 'no-such-link' } },
  'POST /api/ticket-links/:token/disruption/': {
    params: { token: () => 'no-such-link' },
    fields: ['choice', 'slot_id'],
  },
  // A change of time (decision 067): the link's token too.
  'GET /api/ticket-links/:token/reschedule/': { params: { token: () => 'no-such-link' } },
  'POST /api/ticket-links/:token/reschedule/': {
    params: { token: () => 'no-such-link' },
    fields: ['slot_id'],
  },
  // The disruption console (decision 058): superusers only; a made-up time closes nothing.
  'POST /api/admin/disruptions/preview/': { fields: ['target', 'reason', 'note', 'remedies'] },
  'POST /api/admin/disruptions/': { fields: ['target', 'reason', 'note', 'remedies'] },
  'POST /api/operator/:folder/disruptions/preview/': { fields: ['target', 'reason', 'note', 'remedies'] },
  'POST /api/operator/:folder/disruptions/': { fields: ['target', 'reason', 'note', 'remedies'] },
  'GET /api/operator/:folder/disruptions/': { expect: { managerA: 200, superuser: 200 } },
  'GET /api/tickets/:uniqueId/pdf/': {
    owner: true,
    params: { uniqueId: 'uniqueId' },
    expect: { customerA: 200 },
  },
  'POST /api/tickets/:uniqueId/resend/': {
    owner: true,
    params: { uniqueId: 'uniqueId' },
    expect: { customerA: 200 },
  },
  // Answers no sooner than 400 ms on purpose.
  // Invoices (decisions 061, 062): the buyer's own (account or ticket link), the superusers' list and setup.
  'GET /api/tickets/:uniqueId/invoice/': {
    owner: true,
    params: { uniqueId: 'uniqueId' },
    expect: { customerA: 200 },
  },
  // The matrix's empty body is refused (400, the same for everybody) before the order is looked up, so
  // the class is 'user' here; invoices.test.ts asks with a good body: only the buyer gets it, others 404.
  'POST /api/tickets/:uniqueId/invoice/': {
    params: { uniqueId: 'uniqueId' },
    fields: INVOICE,
    expect: { customerA: 400, customerB: 400, editor: 400, superuser: 400 },
  },
  'GET /api/tickets/:uniqueId/invoice/:doc/:format/': {
    owner: true,
    params: { uniqueId: 'uniqueId', doc: () => 'invoice', format: () => 'xml' },
  },
  'GET /api/ticket-links/:token/invoice/': { params: { token: () => 'no-such-link' } },
  'POST /api/ticket-links/:token/invoice/': { params: { token: () => 'no-such-link' }, fields: INVOICE },
  'GET /api/ticket-links/:token/invoice/:doc/:format/': {
    params: { token: () => 'no-such-link', doc: () => 'invoice', format: () => 'pdf' },
  },
  'GET /api/admin/invoices/': { expect: { superuser: 400 } },
  'GET /api/admin/invoices/:id/:format/': {
    params: { id: () => '00000000-0000-4000-8000-000000000000', format: () => 'pdf' },
  },
  'GET /api/admin/invoicing/': { expect: { superuser: 200 } },
  // A made-up operator and package: the fixtures' own keep their invoicing data.
  'PUT /api/admin/operators/:companySlug/seller/': {
    params: { companySlug: () => 'no-such-operator' },
    fields: ['legal_name', 'vat_number', 'street', 'postcode', 'city', 'province', 'fiscal_regime'],
  },
  'PUT /api/admin/packages/:packageTag/vat/': {
    params: { packageTag: () => 'NO-SUCH-PACKAGE' },
    fields: ['rate', 'nature', 'law'],
  },
  'POST /api/find-tickets/': { fields: ['email'], fuzzRuns: 6 },
  'POST /api/find-tickets/confirm/': { fields: ['token'] },

  // inventory
  'GET /api/packages/:packageTag/availability/': {
    params: { packageTag: 'packageTag' },
    expect: { anonymous: 200 },
  },
  'GET /api/editor/packages/:packageTag/availability/': { params: { packageTag: 'packageTag' } },
  'PUT /api/editor/packages/:packageTag/availability/': {
    params: { packageTag: () => 'NO-SUCH-PACKAGE' },
    fields: ['availability_type', 'cutoff_minutes', 'cancel_cutoff_hours', 'infants_take_place'],
  },
  'POST /api/editor/packages/:packageTag/slots/': {
    params: { packageTag: () => 'NO-SUCH-PACKAGE' },
    fields: ['from', 'to', 'weekdays', 'times', 'except', 'capacity'],
  },
  'POST /api/editor/packages/:packageTag/slots/bulk/': {
    params: { packageTag: () => 'NO-SUCH-PACKAGE' },
    fields: ['action', 'dates', 'weekday', 'month', 'time_from', 'time_to', 'capacity'],
  },
  // price categories (decision 070)
  'GET /api/editor/packages/:packageTag/price-categories/': { params: { packageTag: 'packageTag' } },
  'PUT /api/editor/packages/:packageTag/price-categories/': {
    params: { packageTag: () => 'NO-SUCH-PACKAGE' },
    fields: ['prices'],
  },
  'PATCH /api/editor/slots/:id/': {
    params: { id: () => '00000000-0000-4000-8000-000000000000' },
    fields: ['capacity', 'closed'],
  },
  'DELETE /api/editor/slots/:id/': { params: { id: () => '00000000-0000-4000-8000-000000000000' } },
  // Signed by Stripe, not an account; answers 404 in an app without Stripe (like this one).
  'POST /api/payments/stripe/webhook/': {},

  // agents: the claim code is the secret that opens these, not an account
  'GET /api/authenticate/:code/': {
    params: { code: 'claimCode' },
    expect: { anonymous: 200 },
  },
  'GET /api/claim/:code/:agentName/:securityCode/': {
    params: { code: 'claimCode', agentName: 'agentName', securityCode: () => 'wrong-code' },
    // The agent role sends its real code (authz-matrix.test.ts): the claim goes through.
    expect: { agent: 200 },
  },
  'POST /api/claim/': { fields: ['code', 'agent_name', 'security_code'] },
  'GET /api/agents/': { expect: { anonymous: 200 } },

  // content
  'GET /api/static-content/:pageTag/': {
    params: { pageTag: 'pageTag' },
    expect: { anonymous: 200 },
  },
  'POST /api/edit-content/:tag/': { params: { tag: 'contentTag' }, fields: ['content'] },
  'DELETE /api/page-image/:tag/': { params: { tag: 'imageTag' } },
  'PATCH /api/page-image/:tag/update/': {
    params: { tag: 'imageTag' },
    fields: ['image_id'],
  },
  'PATCH /api/pages/:page/update/': {
    params: { page: 'pageTag' },
    fields: ['meta_title', 'meta_description', 'meta_keywords', 'schema_json'],
  },

  // activity and analytics
  'POST /api/track-activity/': { fields: TRACK },
  'GET /api/analytics/': { expect: { superuser: 200 } },
  'GET /api/analytics/detailed/:metric/': {
    params: { metric: 'metric' },
    expect: { superuser: 200 },
  },
  'GET /api/analytics/sales/': { expect: { superuser: 200 } },
  'GET /api/analytics/sales/csv/': { expect: { superuser: 200 } },

  // operators' statements (decision 068)
  'GET /api/admin/statements/': { expect: { superuser: 400 } },
  'GET /api/admin/statements/csv/': { expect: { superuser: 400 } },
  'GET /api/admin/statements/xlsx/': { expect: { superuser: 400 } },
  'GET /api/admin/statements/operators/': { expect: { superuser: 200 } },
  // A made-up operator: the fuzzer must not change the fixtures' commissions.
  'PUT /api/admin/operators/:companySlug/commission/': {
    params: { companySlug: () => 'no-such-operator' },
    fields: ['commission_bps'],
  },

  // combos across operators (decision 071)
  'GET /api/packages/:packageTag/combo/': {
    params: { packageTag: () => 'RM-3PASS-BUS' },
    expect: { anonymous: 200 },
  },
  'GET /api/admin/combos/': { expect: { superuser: 200 } },
  // A made-up package: the fuzzer must not change the demo's combo.
  'PUT /api/admin/combos/:packageTag/': {
    params: { packageTag: () => 'NO-SUCH-PACKAGE' },
    fields: ['parts', 'cancel_cutoff_hours'],
  },

  // the agents' app: a device token opens these (role 'device'); sign-in is public
  'POST /api/agent/devices/': { fields: ['email', 'password', 'label'] },
  'GET /api/agent/me/': { expect: { device: 200 } },
  'GET /api/agent/keys/': { expect: { device: 200 } },
  'POST /api/agent/claims/': { fields: ['scan'] },
  'POST /api/agent/claims/sync/': { fields: ['claims'] },
  'GET /api/agent/refunded/': { expect: { device: 200 } },
  'GET /api/admin/agent-accounts/': { expect: { superuser: 200 } },
  'POST /api/admin/agent-accounts/': { fields: ['agent_name', 'email', 'password'] },
  // The claim page's agents: made-up ids, so no row changes the fixture's agent (its claims, its code).
  'GET /api/admin/agents/': { expect: { superuser: 200 } },
  'POST /api/admin/agents/': { fields: ['name', 'code'] },
  'PUT /api/admin/agents/:id/code/': {
    params: { id: () => '00000000-0000-4000-8000-000000000000' },
    fields: ['code'],
  },
  'PATCH /api/admin/agents/:id/': {
    params: { id: () => '00000000-0000-4000-8000-000000000000' },
    fields: ['active'],
  },
  'GET /api/admin/agent-devices/': { expect: { superuser: 200 } },
  // A made-up device: revoking the fixture's would change what later rows read.
  'DELETE /api/admin/agent-devices/:id/': { params: { id: () => '00000000-0000-4000-8000-000000000000' } },
  'GET /api/admin/claim-conflicts/': { expect: { superuser: 200 } },

  // operators' consoles (decision 066): operator A's own package, so its manager's call reaches the rules
  'PATCH /api/operator/:folder/packages/:packageTag/': { params: { packageTag: 'packageTag' } },
  'GET /api/operator/:folder/packages/': { expect: { managerA: 200, salesA: 200, doorA: 200 } },
  // resellers' keys
  'GET /api/admin/resellers/': { expect: { superuser: 200 } },
  'POST /api/admin/resellers/': { fields: ['name', 'rate_per_minute', 'can_redeem', 'redeem_products'] },
  'DELETE /api/admin/resellers/:id/': { params: { id: () => '00000000-0000-4000-8000-000000000000' } },
};

/** The OCTO API (modules/reseller/octo-api.ts): reseller keys only, outside the shop's contract. */
const OCTO = Object.fromEntries(
  (Object.keys(OCTO_API) as OctoKey[]).map((key) => {
    const { method, url } = octoRoute(key);
    return [`${method} /octo${url}`, { access: 'reseller' } as RouteEntry];
  }),
);

/** Routes outside the contract (health, files, pages, the API reference itself) state their access here. */
const OFF_CONTRACT: Record<string, RouteEntry> = {
  'GET /healthz': { access: 'public', expect: { anonymous: 200 } },
  'GET /readyz': { access: 'public', expect: { anonymous: 200 } },
  'GET /api/openapi.json': { access: 'public', expect: { anonymous: 200 } },
  'GET /octo/openapi.json': { access: 'public', expect: { anonymous: 200 } },
  'GET /api/docs': { access: 'public' },
  'GET /api/docs/json': { access: 'public', expect: { anonymous: 200 } },
  'GET /api/docs/yaml': { access: 'public', expect: { anonymous: 200 } },
  'GET /api/docs/static/*': { access: 'public' },
  'GET /api/docs/static/index.html': { access: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public', expect: { anonymous: 200 } },
  'GET /media/:key': { access: 'public', params: { key: 'mediaKey' }, expect: { anonymous: 200 } },
  'GET /robots.txt': { access: 'public', expect: { anonymous: 200 } },
  'GET /sitemap.xml': { access: 'public', expect: { anonymous: 200 } },
  // The agents' app's page (decision 023): public HTML; its calls need a device token ('device' class).
  'GET /agent/': { access: 'public', expect: { anonymous: 200 } },
  'GET /agent/index.html': { access: 'public', expect: { anonymous: 200 } },
  // The booking widget's loader (decision 060): any site's page loads it.
  'GET /widget.js': { access: 'public', expect: { anonymous: 200 } },
};

/** The matrix's class of a contract call: the entry's access, narrowed to 'owner' where CALLS says so. */
export function accessOf(key: string, def: EndpointDef, extras: CallExtras = {}): Access {
  if (extras.owner) {
    // 'owner' only narrows 'user': an entry that became public or editor-only must be looked at again.
    if (def.access !== 'user')
      throw new Error(`${key}: owner narrows 'user', the contract says '${def.access}'`);
    return 'owner';
  }
  switch (def.access) {
    case 'public':
    case 'user':
    case 'editor':
    case 'superuser':
    case 'session':
    case 'agent':
    case 'operator':
      return def.access;
    default:
      // A new access level (agent, reseller) needs its own verdicts in the matrix before it is trusted.
      throw new Error(`${key}: the authorization matrix has no class for access '${def.access}'`);
  }
}

export const ROUTE_TABLE: Record<string, RouteEntry> = {
  ...OFF_CONTRACT,
  ...OCTO,
  ...Object.fromEntries(
    (Object.entries(API) as [ApiKey, EndpointDef][]).map(([key, def]) => {
      const { owner: _owner, ...extras } = CALLS[key] ?? {};
      const roles = def.operatorRoles ? { operatorRoles: def.operatorRoles } : {};
      // An operator call's path names operator A's folder unless the entry says otherwise.
      const folder =
        def.access === 'operator' ? { params: { folder: 'folderA' as const, ...extras.params } } : {};
      return [key, { ...extras, ...roles, ...folder, access: accessOf(key, def, CALLS[key]) }];
    }),
  ),
};

const logoSample = (f: Fixtures) => ({
  name: 'Partner',
  logo_id: Number(f.mediaId),
  website_url: 'https://example.com/',
  is_active: true,
  order: 1,
});

/** Good bodies per route: the fuzzer spoils a few of their fields, so the handlers' deeper checks run too. */
export const BODY_SAMPLES: Record<string, (f: Fixtures) => Record<string, unknown>> = {
  'POST /api/api/token/': () => ({ username: 'user@example.com', password: 'pw-secret-123' }),
  'POST /api/register/': () => ({
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone_number: '3912345678',
    password: 'Str0ng-pass-word',
  }),
  'PUT /api/profile/update/': () => ({
    email: 'a.new@example.com',
    phone_number: '3912345678',
    current_password: 'not-it',
  }),
  'POST /api/profile/email-change/undo/': () => ({ token: 'not-a-real-undo-token' }),
  'POST /api/profile/delete/': () => ({ password: 'not-it' }),
  'POST /api/session/step-up/': () => ({ password: 'not-it' }),
  'POST /api/session/second-factor/': () => ({ pending: 'p1.not-a-proof', code: '123456' }),
  'POST /api/account/second-factor/confirm/': () => ({ code: '123456' }),
  'POST /api/account/second-factor/disable/': () => ({ password: 'not-it', code: '123456' }),
  'POST /api/admin/second-factor/reset/': () => ({ email: 'nobody@example.com' }),
  'POST /api/profile/change-password/': () => ({
    current_password: 'not-it',
    new_password: 'Another-pass-42',
  }),
  'POST /api/request-password-reset/': () => ({ email: 'nobody@example.com' }),
  'POST /api/verify-reset-code/': () => ({
    email: 'nobody@example.com',
    code: '123456',
    new_password: 'Another-pass-42',
  }),
  'PATCH /api/update-bus-package/:packageTag/': (f) => ({
    title: 'New title',
    adult_price: '29.00',
    is_featured: true,
    schema_json: '{}',
    image_big: Number(f.mediaId),
  }),
  'PATCH /api/website-settings/global-head-code/': () => ({
    global_head_code: '<meta name="x" content="y">',
  }),
  'POST /api/partner-logos/create/': logoSample,
  'PATCH /api/partner-logos/:id/update/': logoSample,
  'POST /api/newsletter/subscribe/': () => ({ email: 'news@example.com' }),
  'PATCH /api/media-library/:id/update/': () => ({ name: 'Renamed', alt_text: 'A picture' }),
  'POST /api/create-checkout-session/': () => ({
    adult_count: '1',
    youth_count: '0',
    infant_count: '0',
    package_identifier: 'BB-24',
  }),
  'POST /api/guest-orders/:uniqueId/keep/': () => ({
    full_name: 'Guest Fuzz',
    phone_number: '3901234567',
    password: 'Guest-Fuzz-Passw0rd',
  }),
  'POST /api/gift-cards/': () => ({ amount: '50', email: 'gift@example.com', language: 'it' }),
  'POST /api/gift-cards/check/': () => ({ gift_card_code: 'ABCD-EFGH-JKLM-NPQR' }),
  'POST /api/admin/disruptions/preview/': () => ({
    target: { kind: 'slot', slot_id: '00000000-0000-4000-8000-000000000000' },
    reason: 'strike',
    remedies: ['refund'],
  }),
  'POST /api/admin/disruptions/': () => ({
    target: { kind: 'slot', slot_id: '00000000-0000-4000-8000-000000000000' },
    reason: 'weather',
    note: 'Storm',
    remedies: ['refund', 'move', 'keep'],
  }),
  'POST /api/operator/:folder/disruptions/preview/': () => ({
    target: { kind: 'slot', slot_id: '00000000-0000-4000-8000-000000000000' },
    reason: 'strike',
    remedies: ['refund'],
  }),
  'POST /api/operator/:folder/disruptions/': () => ({
    target: { kind: 'slot', slot_id: '00000000-0000-4000-8000-000000000000' },
    reason: 'weather',
    remedies: ['refund', 'move'],
  }),
  'POST /api/ticket-links/:token/disruption/': () => ({ choice: 'refund' }),
  'POST /api/ticket-links/:token/reschedule/': () => ({ slot_id: '00000000-0000-4000-8000-000000000000' }),
  'POST /api/waitlist/': () => ({
    slot_id: '00000000-0000-4000-8000-000000000000',
    email: 'line@example.com',
    places: 2,
    language: 'it',
  }),
  'POST /api/waitlist/leave/': () => ({ token: 'not-a-real-waiting-list-token' }),
  'POST /api/waitlist/offer/': () => ({ token: 'not-a-real-waiting-list-token' }),
  'POST /api/guest-checkout-session/': () => ({
    adult_count: '1',
    youth_count: '0',
    infant_count: '0',
    package_identifier: 'BB-24',
    email: 'guest@example.com',
  }),
  'POST /api/tickets/:uniqueId/invoice/': () => ({
    kind: 'person',
    first_name: 'Ada',
    last_name: 'Rossi',
    country: 'IT',
    street: 'Via del Corso 1',
    postcode: '00186',
    city: 'Roma',
    province: 'RM',
    tax_code: 'RSSDAA85M41H501Z',
  }),
  'POST /api/widget/start/': (f) => ({
    package_identifier: f.packageTag,
    partner_code: 'ptn_AAAAAAAAAAAAAAAAAAAAAAAA',
  }),
  'POST /api/widget/checkout/': () => ({
    adult_count: '1',
    youth_count: '0',
    infant_count: '0',
    package_identifier: 'BB-24',
    email: 'guest@example.com',
    widget_token: 'eyJwIjpudWxsfQ.not-a-signature',
  }),
  'POST /api/admin/partners/': () => ({ name: 'Hotel Fuzz' }),
  'POST /api/claim/': (f) => ({ code: f.claimCode, agent_name: f.agentName, security_code: '0000' }),
  'POST /api/agent/devices/': () => ({ email: 'nobody@agents.example', password: 'not-it', label: 'Fuzz' }),
  'POST /api/agent/claims/': () => ({ scan: 'WzEsImsxIiwieCIsIlgiLG51bGwsbnVsbCwxLDAsMF0.not-a-signature' }),
  'POST /api/agent/claims/sync/': () => ({
    claims: [
      { id: '00000000-0000-4000-8000-000000000001', scan: 'junk', claimed_at: '2026-01-01T10:00:00Z' },
    ],
  }),
  'POST /api/admin/agent-accounts/': () => ({
    agent_name: 'Agent Fuzz',
    email: 'fuzz@agents.example',
    password: 'x',
  }),
  'POST /api/admin/agents/': () => ({ name: 'Agent Fuzz', code: '1234' }),
  'PUT /api/admin/agents/:id/code/': () => ({ code: '1234' }),
  'PATCH /api/admin/agents/:id/': () => ({ active: true }),
  'POST /api/edit-content/:tag/': () => ({ content: '<p>Hello <b>Rome</b></p>' }),
  'PATCH /api/page-image/:tag/update/': (f) => ({ image_id: Number(f.mediaId) }),
  'PATCH /api/pages/:page/update/': () => ({
    meta_title: 'Title',
    meta_description: 'About',
    meta_keywords: 'rome',
    schema_json: null,
  }),
  'POST /api/track-activity/': () => ({
    action: 'page_view',
    page: '/',
    fullUrl: 'http://localhost/',
    device: 'mobile',
    timestamp: Date.now(),
  }),
};

/**
 * Routes that exist only in a Stripe-configured app (the test payments provider is off there). None
 * now: the webhook is always registered (from its contract entry) and answers 404 without Stripe.
 */
export const STRIPE_ONLY_ROUTES: Record<string, RouteEntry> = {};

/** Collects `METHOD url` of every route the app registers (HEAD twins left out). */
export function routeCollector() {
  const routes = new Set<string>();
  return {
    routes,
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) if (m !== 'HEAD') routes.add(`${m} ${route.url}`);
    },
  };
}

/** The dummy used for a path parameter the entry does not fill. */
const DUMMY = 'x-dummy';

export function pathParams(key: string): string[] {
  const path = key.slice(key.indexOf(' ') + 1);
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

/** The URL of a route with its parameters filled (from fixtures, or by `fill`). */
export function urlFor(key: string, fx: Fixtures, fill?: (param: string) => string | undefined): string {
  const entry = ROUTE_TABLE[key] ?? STRIPE_ONLY_ROUTES[key];
  const path = key.slice(key.indexOf(' ') + 1);
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const own = fill?.(name);
    if (own !== undefined) return own;
    const source = entry?.params?.[name];
    const value = source === undefined ? DUMMY : typeof source === 'function' ? source(fx) : fx[source];
    return encodeURIComponent(value);
  });
}

export const methodOf = (key: string) => key.slice(0, key.indexOf(' ')) as RouteOptions['method'] & string;
