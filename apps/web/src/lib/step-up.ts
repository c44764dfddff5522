/**
 * The password again before a staff write that wants it (decision 032): a call answered 403
 * step_up_required asks the page's prompt (components/StepUpDialog) and is sent once more with the
 * proof; the proof stays in this tab's memory for its ten minutes, so a run of writes asks once. Set
 * while the dashboard or an operator's console is open (api/client.ts setForbiddenHook); the
 * storefront's entry carries none of it.
 */
import { ERROR_CODES, STEP_UP_HEADER } from '@rome/contract';
import { setForbiddenHook } from '../api/client';

export type StepUpPrompt = () => Promise<{ proof: string; seconds: number } | null>;

let proof: { value: string; until: number } | null = null;

/** Answers step-up refusals with `prompt` until the returned function is called. */
export function answerStepUps(prompt: StepUpPrompt): () => void {
  return setForbiddenHook({
    writeHeaders: (): Record<string, string> =>
      proof && proof.until > Date.now() ? { [STEP_UP_HEADER]: proof.value } : {},
    async retry(res) {
      const body = await res
        .clone()
        .json()
        .catch(() => null);
      if (body?.code !== ERROR_CODES.stepUpRequired) return null;
      const given = await prompt();
      if (!given) return null;
      // A margin, so a proof is never sent in its last seconds.
      proof = { value: given.proof, until: Date.now() + (given.seconds - 30) * 1000 };
      return { [STEP_UP_HEADER]: given.proof };
    },
  });
}
