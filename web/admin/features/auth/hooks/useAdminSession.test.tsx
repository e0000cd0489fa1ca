// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type * as Router from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../common/api';
import { renderWithClient } from '../../../test/query';
import { authKeys } from '../api/auth.queries';
import { useAdminSession } from './useAdminSession';

const navigate = vi.fn();
vi.mock('react-router-dom', async (original) => ({
  ...(await original<typeof Router>()),
  useNavigate: () => navigate,
  // The dashboard: the login page leads back there without being told (useNextPage).
  useLocation: () => ({ pathname: '/admin', search: '' }),
}));

const admin = { username: 'admin', is_admin: true, role: 'admin' };

/** The profile call answers with this status (and an admin when 200). */
function profileAnswers(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      status === 0
        ? Promise.reject(new TypeError('Failed to fetch'))
        : new Response(
            JSON.stringify(
              status === 200
                ? {
                    data: {
                      user: admin,
                      two_factor_enabled: false,
                      two_factor_setup_required: false,
                      email: null,
                      pending_email: null,
                    },
                  }
                : { error: 'No' },
            ),
            { status, headers: { 'Content-Type': 'application/json' } },
          ),
    ),
  );
}

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
  navigate.mockClear();
});

/** Opens a page as an admin, then has the profile checked again with this answer. */
async function checkedAgain(status: number) {
  profileAnswers(200);
  const { result } = renderWithClient(useAdminSession, client);
  await waitFor(() => expect(result.current.user).toEqual(admin));
  profileAnswers(status);
  await client.invalidateQueries({ queryKey: authKeys.profile });
  await waitFor(() => expect(client.getQueryState(authKeys.profile)?.status).toBe('error'));
  return result;
}

describe('useAdminSession', () => {
  it('sends a visitor whose first profile call fails, for any reason, to /login', async () => {
    for (const status of [401, 500, 0]) {
      client.clear();
      navigate.mockClear();
      profileAnswers(status);
      const { result, unmount } = renderWithClient(useAdminSession, client);
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', expect.anything()));
      expect(navigate.mock.calls[0]![1]).toEqual({ replace: true, state: undefined });
      expect(result.current.user).toBeNull();
      unmount();
    }
  });

  it('says the session ended when a check again is refused while a page is open', async () => {
    for (const status of [401, 403]) {
      navigate.mockClear();
      client.clear();
      await checkedAgain(status);
      await waitFor(() =>
        expect(navigate).toHaveBeenCalledWith('/login', {
          replace: true,
          state: { signedOut: true, sessionEnded: true, leaveUnasked: true },
        }),
      );
    }
  });

  it('asks the profile again when any other call is refused: the role may have changed', async () => {
    profileAnswers(200);
    const { result } = renderWithClient(useAdminSession, client);
    await waitFor(() => expect(result.current.user).toEqual(admin));
    const profileCalls = () => vi.mocked(fetch).mock.calls.length;
    const refused = (status: number) => () => Promise.reject(new ApiError('No', status));
    for (const [status, asked] of [
      [403, 1],
      [401, 1],
      [404, 0],
      [500, 0],
    ] as const) {
      const before = profileCalls();
      await client
        .fetchQuery({ queryKey: ['pages', status], queryFn: refused(status) })
        .catch(() => {});
      await client
        .getMutationCache()
        .build(client, { mutationFn: refused(status) })
        .execute(undefined)
        .catch(() => {});
      await new Promise((r) => setTimeout(r, 20));
      expect(profileCalls() - before, `${status}`).toBe(asked * 2);
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the admin on the page when a check again fails for another reason', async () => {
    for (const status of [500, 503, 0]) {
      client.clear();
      const result = await checkedAgain(status);
      await new Promise((r) => setTimeout(r, 50));
      expect(navigate).not.toHaveBeenCalled();
      expect(result.current.user).toEqual(admin);
    }
  });
});
