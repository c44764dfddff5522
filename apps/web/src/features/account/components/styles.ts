/** Button looks shared by the account tabs. */
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-stone-400 bg-white px-5 py-2.5 font-semibold text-stone-800 transition-colors hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-70';
