import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Toaster } from '../../common/toast';
import { LoginPage } from '../features/auth/components/LoginPage';
import { AccountPage } from './AccountPage';
import { AdminNotFoundPage } from './AdminScreen';
import { AuditPage } from './AuditPage';
import { DashboardPage } from './DashboardPage';
import { ErrorBoundary } from './ErrorBoundary';
import { DocumentTitle } from './DocumentTitle';
import { SiteTextsPage } from './SiteTextsPage';
import { createQueryClient } from './query-client';
import { SettingsPage } from './SettingsPage';

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
                <Route path="/admin" element={<DashboardPage />} />
                <Route path="/admin/account" element={<AccountPage />} />
                <Route path="/admin/audit" element={<AuditPage />} />
                <Route path="/admin/texts" element={<SiteTextsPage />} />
                <Route path="/admin/settings" element={<SettingsPage />} />
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
