/**
 * For tests: the bound of a waiting assertion (`vi.waitFor(check, WAIT_BOUND)`). It ends as soon as the
 * check holds, so a long bound costs a passing test nothing; Vitest's own 1 s was too short beside the
 * browser tests on 2 busy cores. The same 15 s as the browser tests' `expect` (playwright.config.ts).
 */
export const WAIT_BOUND = { timeout: 15_000 } as const;
