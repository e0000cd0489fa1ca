// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActiveSession } from '#shared/auth';
import { toast } from '../../../../../common/toast';
import { json, stubModelApi } from '../../../../test/llm-api';
import { quietToasts } from '../../../../test/quiet-toasts';
import { renderAdmin } from '../../../../test/render';
import { ActiveSessions } from './ActiveSessions';

quietToasts();

const at = new Date().toISOString();
const session = (id: string, device: string, current = false): ActiveSession => ({
  id,
  device,
  address: '203.0.113.9',
  last_seen: at,
  created_at: at,
  current,
});

/** This browser, the desktop app as the server stores it (rows of any age), and an unknown one. */
function serve() {
  return stubModelApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/auth/sessions') {
      return json(200, {
        data: [
          session('here', 'Firefox · Linux', true),
          session('app', 'Desktop app · Windows'),
          session('odd', ''),
        ],
      });
    }
    if (method === 'DELETE' && url === '/api/auth/sessions/app') {
      return json(200, { data: { id: 'app' } });
    }
    return undefined;
  });
}

const devices = () =>
  screen.getAllByTestId('session').map((row) => row.querySelector('p')?.firstChild?.textContent);

describe('ActiveSessions: the devices in the reader’s language', () => {
  it.each([
    ['en', 'Desktop app · Windows', 'Unknown device', 'Signed out of Desktop app · Windows'],
    [
      'pt',
      'Aplicação para computador · Windows',
      'Dispositivo desconhecido',
      'Sessão terminada em Aplicação para computador · Windows',
    ],
    ['de', 'Desktop-App · Windows', 'Unbekanntes Gerät', 'Desktop-App · Windows abgemeldet'],
  ] as const)(
    'in %s names the desktop app and the unknown device',
    async (language, app, unknown, ended) => {
      const calls = serve();
      renderAdmin(<ActiveSessions />, { language });
      await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(3));
      expect(devices()).toEqual(['Firefox · Linux', app, unknown]);

      const row = screen.getAllByTestId('session')[1]!;
      fireEvent.click(row.querySelector('button')!);
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ended));
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /api/auth/sessions/app');
    },
  );
});
