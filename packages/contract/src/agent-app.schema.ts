/**
 * The agents' app's schemas (decision 021): device sign-in, scans and their results, offline sync, and
 * the superusers' lists of agent accounts, devices and claim conflicts; the claim page's agents (name,
 * security code, active) as superusers manage them.
 */
import { z } from 'zod';
import { AGENT_ADMIN_MESSAGES, AGENT_NAME_MAX } from './agent-admin';
import { AGENT_SCAN_RESULTS } from './agent-app';
import { AGENT_CODE_LENGTH, isAgentCode } from './checkout';
import { extraTicketsViewSchema } from './price-categories.schema';

export const agentDeviceSchema = z
  .object({
    id: z.uuid(),
    agent_name: z.string(),
    label: z.string(),
    /** The token's first characters, to tell devices apart (the token itself is shown once). */
    token_prefix: z.string(),
    created_at: z.string(),
    last_seen_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'AgentDevice' });
export type AgentDevice = z.infer<typeof agentDeviceSchema>;

export const deviceSignInSchema = z
  .object({
    email: z.string().trim().min(1, 'Please enter your e-mail address.').max(254),
    password: z.string().min(1, 'Please enter your password.').max(1000),
    label: z.string().trim().min(1).max(80).default('Agent device'),
  })
  .meta({
    examples: [{ email: 'alpha@agents.example', password: 'correct horse', label: 'Colosseum phone' }],
  });

export const deviceSignedInSchema = z
  .object({ token: z.string(), device: agentDeviceSchema })
  .meta({ id: 'AgentDeviceSignedIn' });

export const agentMeSchema = z.object({
  agent_name: z.string(),
  device: agentDeviceSchema,
  /**
   * An operator's agent (decision 066): the package tags of its operator, the only tickets it claims
   * (the app judges offline scans by them too); null: the shop's agent, every ticket.
   */
  package_tags: z.array(z.string()).nullable(),
});

export const ticketKeySchema = z
  .object({
    kid: z.string(),
    alg: z.literal('EdDSA'),
    /** The public key as a JWK (OKP, Ed25519), for WebCrypto's importKey('jwk', ...). */
    jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
    /** The same key as base64 SPKI (DER). */
    spki: z.string(),
    current: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'TicketKey' });

export const scannedTicketSchema = z
  .object({
    unique_id: z.string(),
    package: z.string(),
    package_tag: z.string(),
    /** Rome's date (YYYY-MM-DD), null for an open-dated pass. */
    date: z.string().nullable(),
    /** The slot's Rome start time (HH:MM), null without a slot. */
    time: z.string().nullable(),
    adults: z.number().int(),
    youths: z.number().int(),
    infants: z.number().int(),
    /** Beside the spec's counts (decision 070): the price categories and the proof the door checks. */
    extra_tickets: extraTicketsViewSchema.optional(),
  })
  .meta({ id: 'ScannedTicket' });

export const scanAnswerSchema = z
  .object({
    result: z.enum(AGENT_SCAN_RESULTS),
    message: z.string(),
    /** Null when the scan named no ticket of the shop (unknown, forged). */
    ticket: scannedTicketSchema.nullable(),
    /** For an already claimed ticket: when (ISO) and by whom (an agent, or a partner's scanner). */
    claimed_at: z.string().nullable(),
    claimed_by: z.string().nullable(),
  })
  .meta({
    id: 'ScanAnswer',
    examples: [
      {
        result: 'valid',
        message: 'Valid: ticket claimed.',
        ticket: {
          unique_id: 'k3Jd9sQm2LxP',
          package: 'Big Bus 24 hours',
          package_tag: 'BB-24',
          date: '2026-12-01',
          time: null,
          adults: 2,
          youths: 1,
          infants: 0,
        },
        claimed_at: '2026-12-01T09:14:03.000Z',
        claimed_by: 'Agent Alpha',
      },
    ],
  });
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;

export const scanRequestSchema = z
  .object({ scan: z.string().trim().min(1, 'Scan or type a ticket.').max(2000) })
  .meta({ examples: [{ scan: 'https://shop.example/verify/Zk3n8QpL2vX9aB7cD4eF/#t=WzEsImsx....sig' }] });

/** At most this many offline claims per upload; the app sends its queue in batches. */
export const SYNC_BATCH_MAX = 500;

export const offlineClaimSchema = z.object({
  /** Made by the device (a UUID): an upload sent twice counts once. */
  id: z.uuid(),
  scan: z.string().min(1).max(2000),
  /** When the agent scanned it, by the device's clock (ISO 8601). */
  claimed_at: z.iso.datetime({ offset: true }),
});

export const syncRequestSchema = z
  .object({ claims: z.array(offlineClaimSchema).min(1).max(SYNC_BATCH_MAX) })
  .meta({
    examples: [
      {
        claims: [
          {
            id: '0b7c6f5e-3a1d-4c2b-9e8f-7a6b5c4d3e2f',
            scan: 'WzEsImsx....sig',
            claimed_at: '2026-12-01T09:14:03.000+01:00',
          },
        ],
      },
    ],
  });

export const syncResultSchema = scanAnswerSchema
  .extend({
    id: z.uuid(),
    /** This id was uploaded before: the answer is the one recorded then, nothing counted twice. */
    repeated: z.boolean(),
    /** Another claim of the same ticket exists (listed for superusers). */
    conflict: z.boolean(),
    /** This claim is the ticket's claim (the first one by claim time). */
    kept: z.boolean(),
  })
  .meta({ id: 'SyncResult' });
/** One uploaded claim's answer: the server's and the agents' app's one type for it. */
export type SyncResult = z.infer<typeof syncResultSchema>;

export const refundedListSchema = z.object({
  date: z.string(),
  tickets: z.array(
    z.object({
      unique_id: z.string(),
      package_tag: z.string(),
      status: z.string(),
      refunded_at: z.string().nullable(),
    }),
  ),
  /**
   * Tickets changed after they were issued (decision 034), whatever their day: a signed QR of an
   * earlier revision than this is void.
   */
  changed: z.array(z.object({ unique_id: z.string(), revision: z.number().int().min(1) })),
});

export const agentAccountSchema = z
  .object({
    id: z.uuid(),
    agent_name: z.string(),
    email: z.string(),
    created_at: z.string(),
    devices: z.number().int(),
  })
  .meta({ id: 'AgentAccount' });

export const newAgentAccountSchema = z.object({
  agent_name: z.string().trim().min(1, AGENT_ADMIN_MESSAGES.nameMissing).max(AGENT_NAME_MAX),
  email: z.email('Please enter a valid email address.').max(254),
  password: z.string().min(1).max(1000),
});

const claimSide = z.object({
  agent_name: z.string().nullable(),
  device: z.string().nullable(),
  partner: z.string().nullable(),
  at: z.string().nullable(),
});

export const claimConflictSchema = z
  .object({
    id: z.uuid(),
    unique_id: z.string(),
    package_tag: z.string(),
    kept: claimSide,
    other: claimSide,
    created_at: z.string(),
  })
  .meta({ id: 'ClaimConflict' });

/**
 * One of the spec's agents as superusers see it: never its security code nor the code's hash. An
 * inactive agent is not offered on the claim page and cannot claim (its devices are refused too).
 */
export const adminAgentSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    active: z.boolean(),
    created_at: z.string(),
    /** The e-mail address of its agents'-app account, null without one. */
    account_email: z.string().nullable(),
    /** The operator it works for (it redeems that operator's tickets only), null: the shop's (decision 066). */
    folder_id: z.number().int().nullable(),
  })
  .meta({
    id: 'ClaimPageAgent',
    examples: [
      {
        id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        name: 'Agent Alpha',
        active: true,
        created_at: '2026-03-01T09:00:00.000Z',
        account_email: 'alpha@agents.example',
        folder_id: null,
      },
    ],
  });
export type AdminAgent = z.infer<typeof adminAgentSchema>;

const agentNameSchema = z
  .string({ error: AGENT_ADMIN_MESSAGES.nameMissing })
  .trim()
  .min(1, AGENT_ADMIN_MESSAGES.nameMissing)
  .max(AGENT_NAME_MAX, AGENT_ADMIN_MESSAGES.nameTooLong);

/** A security code as the claim page takes it: exactly AGENT_CODE_LENGTH digits (`isAgentCode`). */
const agentCodeSchema = z
  .string({ error: AGENT_ADMIN_MESSAGES.code })
  .refine(isAgentCode, { error: AGENT_ADMIN_MESSAGES.code })
  .meta({ description: `Exactly ${AGENT_CODE_LENGTH} digits; stored hashed (argon2), never answered.` });

export const newAgentSchema = z
  .object({ name: agentNameSchema, code: agentCodeSchema }, { error: AGENT_ADMIN_MESSAGES.newAgent })
  .meta({ examples: [{ name: 'Agent Gamma', code: '2468' }] });

export const agentCodeBodySchema = z
  .object({ code: agentCodeSchema }, { error: AGENT_ADMIN_MESSAGES.newCode })
  .meta({ examples: [{ code: '1357' }] });

export const agentActiveBodySchema = z
  .object(
    { active: z.boolean({ error: AGENT_ADMIN_MESSAGES.active }) },
    { error: AGENT_ADMIN_MESSAGES.active },
  )
  .meta({ examples: [{ active: false }] });

export const agentIdParamsSchema = z.object({ id: z.uuid({ error: AGENT_ADMIN_MESSAGES.notFound }) });
