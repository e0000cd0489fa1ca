/** Class names shared by the dashboard's controls, so every button and field looks alike. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

export const button = {
  primary: `${base} bg-navy-900 px-4 py-2 text-white hover:bg-navy-700`,
  secondary: `${base} border border-slate-300 bg-white px-4 py-2 text-slate-800 hover:bg-slate-100`,
  danger: `${base} bg-red-700 px-4 py-2 text-white hover:bg-red-800`,
  ghost: `${base} px-2.5 py-1.5 text-slate-700 hover:bg-slate-100`,
  ghostDanger: `${base} px-2.5 py-1.5 text-red-700 hover:bg-red-50`,
};

export const input =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600/30 aria-[invalid=true]:border-red-600';

export const label = 'block text-sm font-medium text-slate-800';

export const card = 'rounded-xl border border-slate-200 bg-white shadow-sm';
