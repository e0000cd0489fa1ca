/** Class names of the contact form's controls (light card on the dark site). */
export const control =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-navy-900 shadow-sm transition-colors placeholder:text-steel-500 focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-offset-1';

export const controlState = {
  ok: 'border-steel-300 hover:border-steel-400 focus:border-navy-500 focus:ring-(--focus-ring)',
  error: 'border-red-600 focus:border-red-700 focus:ring-red-600/40',
};

export const submitButton =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-signal-400 px-6 py-3 font-display text-base font-semibold text-navy-950 shadow-sm transition-colors hover:bg-signal-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-900 disabled:cursor-not-allowed disabled:bg-steel-200 disabled:text-steel-600 aria-disabled:cursor-wait aria-disabled:bg-steel-200 aria-disabled:text-steel-600 sm:w-auto';
