import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
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
import { MediaPage } from './MediaPage';
import { SiteTextsPage } from './SiteTextsPage';
import { createQueryClient } from './query-client';
import { SettingsPage } from './SettingsPage';
import { UsersPage } from './UsersPage';

export function App({ i18n }: { i18n: i18n }) {
  // One cache per page load; its failure toasts speak the current language.
  const [queryClient] = useState(() => createQueryClient(i18n.t.bind(i18n)));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* Dialogs make this element inert; the toasts stay outside it so they are still announced. */}
        <div id="admin-app">
          <ErrorBoundary>
            <BrowserRouter>
              <DocumentTitle />
              <Routes>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/login/forgot" element={<ForgotPasswordPage />} />
                <Route path="/login/reset" element={<ResetPasswordPage />} />
                <Route path="/login/invitation" element={<InvitationPage />} />
                <Route path="/login/confirm-email" element={<ConfirmEmailPage />} />
                <Route path="/admin" element={<DashboardPage />} />
                <Route path="/admin/account" element={<AccountPage />} />
                <Route path="/admin/analytics" element={<AnalyticsPage />} />
                <Route path="/admin/audit" element={<AuditPage />} />
                <Route path="/admin/texts" element={<SiteTextsPage />} />
                <Route path="/admin/media" element={<MediaPage />} />
                <Route path="/admin/settings" element={<SettingsPage />} />
                <Route path="/admin/users" element={<UsersPage />} />
                <Route path="/admin/*" element={<AdminNotFoundPage />} />
                <Route path="*" element={<Navigate to="/admin" replace />} />
              </Routes>
            </BrowserRouter>
          </ErrorBoundary>
        </div>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
