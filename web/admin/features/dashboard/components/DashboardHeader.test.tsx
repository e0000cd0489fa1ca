// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '#shared/auth';
import { renderAdmin } from '../../../test/render';
import { DashboardHeader } from './DashboardHeader';

afterEach(cleanup);

const header = (user: User, language: 'en' | 'pt' | 'de' = 'en') =>
  renderAdmin(
    <MemoryRouter>
      <DashboardHeader user={user} onLogout={async () => {}} />
    </MemoryRouter>,
    { language },
  );

const admin: User = { username: 'jsilva', is_admin: true, role: 'admin' };

describe('the header’s greeting', () => {
  it('greets the signed-in colleague by their display name', () => {
    header({ ...admin, name: 'Joana Silva' });
    expect(screen.getByText(/^Welcome back, Joana Silva/)).toBeTruthy();
    expect(screen.queryByText(/jsilva/)).toBeNull();
  });

  it('greets by the username without a display name, in the admin’s language', () => {
    header({ ...admin, name: null }, 'de');
    expect(screen.getByText(/^Willkommen zurück, jsilva/)).toBeTruthy();
  });
});
