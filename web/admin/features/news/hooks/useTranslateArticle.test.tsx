// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { sourceHash } from '#shared/source-hash';
import { i18nFor } from '../../../../common/i18n';
import { toast } from '../../../../common/toast';
import { quietToasts } from '../../../test/quiet-toasts';
import { json, stubModelApi, translateCalls } from '../../../test/llm-api';
import { useTranslateArticle } from './useTranslateArticle';

quietToasts();

const source = { title: 'Laser cell', excerpt: 'Short', content: 'Body' };
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18nFor('en')}>{children}</I18nextProvider>
);

describe('useTranslateArticle', () => {
  it('drafts the opening languages as it mounts, each on its own, and keeps a failure until asked again', async () => {
    let portugueseFails = true;
    const calls = stubModelApi(({ url, body }) =>
      url === '/api/llm/translate-news' && (body?.to as string[])[0] === 'pt' && portugueseFails
        ? json(502, { error: 'Down' })
        : undefined,
    );
    const onText = vi.fn();
    const { result } = renderHook(
      () => useTranslateArticle(onText, { source, from: 'en', targets: ['pt', 'de'] }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.working.size).toBe(0));
    expect(translateCalls(calls)).toEqual(['en>pt', 'en>de']);
    // Each draft comes with the hash of the source it was made from.
    expect(onText.mock.calls).toEqual([
      ['de', expect.objectContaining({ title: '[de] Laser cell' }), sourceHash(source)],
    ]);
    expect(result.current.failures).toEqual({ pt: 'The Portuguese translation failed: Down' });

    portugueseFails = false;
    act(() => result.current.translate({ source, from: 'en', targets: ['pt'] }));
    // Asked again: the failure is put away at once, and the draft arrives.
    expect(result.current.failures).toEqual({});
    await waitFor(() =>
      expect(onText).toHaveBeenCalledWith('pt', expect.anything(), sourceHash(source)),
    );
    expect(translateCalls(calls)).toEqual(['en>pt', 'en>de', 'en>pt']);
  });

  it('cancels what is still running when the form closes', async () => {
    stubModelApi();
    const onText = vi.fn();
    const { unmount } = renderHook(
      () => useTranslateArticle(onText, { source, from: 'en', targets: ['de'] }),
      { wrapper },
    );
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onText).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
