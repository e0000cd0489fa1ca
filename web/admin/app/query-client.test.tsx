// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../common/api';
import { toast } from '../../common/toast';
import { createQueryClient, shouldRetry } from './query-client';

afterEach(() => vi.restoreAllMocks());

const t = (key: string) => `t(${key})`;

describe('shouldRetry', () => {
  it('never retries a 4xx answer or a cancelled call', () => {
    for (const status of [400, 401, 403, 404, 429])
      expect(shouldRetry(0, new ApiError('no', status))).toBe(false);
    expect(shouldRetry(0, new DOMException('gone', 'AbortError'))).toBe(false);
  });

  it('retries a network failure or a 5xx once', () => {
    for (const error of [
      new ApiError('Network error', 0, 'errors.network'),
      new ApiError('x', 502),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(false);
    }
  });
});

describe('createQueryClient', () => {
  it('does not refetch when the window regains focus', () => {
    expect(createQueryClient(t).getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it('toasts a failed load once, with the server’s message, only for queries that ask', async () => {
    const failure = vi.spyOn(toast, 'failure').mockImplementation(() => undefined);
    const client = createQueryClient(t);
    const denied = new ApiError('Access denied. Admin privileges required.', 403);
    const fail = () => Promise.reject(denied);
    await client
      .fetchQuery({
        queryKey: ['listed'],
        queryFn: fail,
        meta: { failureKey: 'admin.errors.loadData' },
      })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['quiet'], queryFn: fail }).catch(() => undefined);
    await waitFor(() => expect(failure).toHaveBeenCalledOnce());
    expect(failure).toHaveBeenCalledWith(t, denied, 'admin.errors.loadData');
  });
});
