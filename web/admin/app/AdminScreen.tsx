import type { ReactNode } from 'react';
import type { User } from '#shared/auth';
import { useAdminSession } from '../features/auth/hooks/useAdminSession';
import { DashboardHeader } from '../features/dashboard/components/DashboardHeader';
import { LoadingScreen } from '../features/dashboard/components/LoadingScreen';

type Props = {
  /** The page's heading, under the dashboard's header. */
  title: string;
  description?: string;
  children: (user: User) => ReactNode;
};

/**
 * An admin page beside the dashboard (account, audit log): the same guard
 * (a failed profile or a non-admin goes to /login), loading screen and
 * header, then the page under its own heading.
 */
export function AdminScreen({ title, description, children }: Props) {
  const { user, signOut } = useAdminSession();
  if (!user) return <LoadingScreen />;
  return (
    <div className="min-h-screen">
      <DashboardHeader username={user.username} onLogout={signOut} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <div className="mb-6">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {children(user)}
      </main>
    </div>
  );
}
