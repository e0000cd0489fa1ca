import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageCorner } from '../../../components/PageCorner';

type Props = { title: string; subtitle?: string; children: ReactNode };

/** The frame of the signed-out pages: sign-in, a forgotten password, an invitation. */
export function AuthCard({ title, subtitle, children }: Props) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-slate-100 to-slate-200">
      <PageCorner />
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-lg">
          <div className="mb-6 text-center">
            <span className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-white">
              <ShieldCheck aria-hidden="true" className="h-6 w-6" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
