/** Shared class lists so buttons and links look the same on every page. */
export const buttonPrimary =
  'inline-flex items-center justify-center gap-2 rounded-md bg-signal-400 px-6 py-3 font-semibold text-navy-950 shadow-sm transition hover:bg-signal-300';

export const buttonGhost =
  'inline-flex items-center justify-center gap-2 rounded-md border border-white/40 px-6 py-3 font-semibold text-white transition hover:border-white hover:bg-white/10';

export const buttonOutline =
  'inline-flex items-center justify-center gap-2 rounded-md border border-navy-200 bg-white px-4 py-2 font-semibold text-navy-800 transition hover:border-navy-400 hover:bg-navy-50';

export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';
