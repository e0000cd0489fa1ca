import { api } from '../../../../common/api';

/** `POST /api/auth/logout`; any failure is ignored, the user is leaving anyway (spec). */
export async function logout(): Promise<void> {
  try {
    await api<{ ok: boolean }>('/auth/logout', { method: 'POST' });
  } catch {
    // Ignored on purpose.
  }
}
