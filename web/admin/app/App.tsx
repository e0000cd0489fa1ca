import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useRouteError,
  type DataRouter,
  type RouteObject,
} from 'react-router-dom';
import { Toaster } from '../../common/toast';
import { LoginPage } from '../features/auth/components/LoginPage';
import { ConfirmEmailPage } from '../features/auth/components/links/ConfirmEmailPage';
import { ForgotPasswordPage } from '../features/auth/components/links/ForgotPasswordPage';
import { InvitationPage } from '../features/auth/components/links/InvitationPage';
import { ResetPasswordPage } from '../features/auth/components/links/ResetPasswordPage';
import { AccountPage } from './AccountPage';
import { AnalyticsPage } from './AnalyticsPage';
import { AdminNotFoundPage } from './AdminScreen';
import { AuditPage } from './AuditPage';
import { DashboardPage } from './DashboardPage';
import { ErrorBoundary } from './ErrorBoundary';
import { DocumentTitle } from './DocumentTitle';
import { LeaveBlocker } from './LeaveBlocker';
import { MediaPage } from './MediaPage';
import { SiteTextsPage } from './SiteTextsPage';
import { createQueryClient } from './query-client';
import { SettingsPage } from './SettingsPage';
import { UsersPage } from './UsersPage';

/** Around every page: the tab title, and the question before leaving unsaved work. */
function Layout() {
  return (
    <>
      <DocumentTitle />
      <LeaveBlocker />
      <Outlet />
    </>
  );
}

/** A page that failed to render goes on to ErrorBoundary, the app's one error screen. */
function ThrowOn(): never {
  throw useRouteError();
}

/**
 * The admin's addresses. A data router's (`createAdminRouter`): only it
 * can block a move to another page (`useBlocker`, LeaveBlocker).
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ThrowOn />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/forgot', element: <ForgotPasswordPage /> },
      { path: '/login/reset', element: <ResetPasswordPage /> },
      { path: '/login/invitation', element: <InvitationPage /> },
      { path: '/login/confirm-email', element: <ConfirmEmailPage /> },
      { path: '/admin', element: <DashboardPage /> },
      { path: '/admin/account', element: <AccountPage /> },
      { path: '/admin/analytics', element: <AnalyticsPage /> },
      { path: '/admin/audit', element: <AuditPage /> },
      { path: '/admin/texts', element: <SiteTextsPage /> },
      { path: '/admin/media', element: <MediaPage /> },
      { path: '/admin/settings', element: <SettingsPage /> },
      { path: '/admin/users', element: <UsersPage /> },
      { path: '/admin/*', element: <AdminNotFoundPage /> },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
];

/** The page's one router, made once at start (main.tsx), over the browser's history. */
export const createAdminRouter = (): DataRouter => createBrowserRouter(adminRoutes);

export function App({ i18n, router }: { i18n: i18n; router: DataRouter }) {
  // One cache per page load; its failure toasts speak the current language.
  const [queryClient] = useState(() => createQueryClient(i18n.t.bind(i18n)));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* Dialogs make this element inert; the toasts stay outside it so they are still announced. */}
        <div id="admin-app">
          <ErrorBoundary>
            <RouterProvider router={router} />
          </ErrorBoundary>
        </div>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
