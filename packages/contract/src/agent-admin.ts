/**
 * The superusers' management of the claim page's agents (the dashboard's 'Agents on the claim page').
 * Apart from agent-app.ts, whose rules the storefront's first load carries: these words travel only with
 * the dashboard's chunk.
 */
import { AGENT_CODE_LENGTH } from './checkout';

/** An agent's name (spec `agents.name`, what the claim page lists): 1 to this many characters, trimmed. */
export const AGENT_NAME_MAX = 100;

/**
 * The superusers' words for the claim page's agents (`/api/admin/agents/`, the dashboard's 'Agents on
 * the claim page'). The security code itself is the contract's `isAgentCode` (checkout.ts).
 */
export const AGENT_ADMIN_MESSAGES = {
  nameMissing: 'Please enter the agent name.',
  nameTooLong: `The agent name is at most ${AGENT_NAME_MAX} characters.`,
  code: `The security code is exactly ${AGENT_CODE_LENGTH} digits.`,
  active: 'Say whether the agent is active: true or false.',
  newAgent: 'Please enter the agent name and a security code.',
  newCode: 'Please enter the new security code.',
  nameTaken: 'An agent with this name already exists.',
  notFound: 'No such agent.',
} as const;
