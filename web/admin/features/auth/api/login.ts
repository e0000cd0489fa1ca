import type { User } from '#shared/auth';
import { api } from '../../../../common/api';

export type Credentials = { username: string; password: string };

/** `POST /api/auth/login`: starts a session and answers with the user. */
export async function login(credentials: Credentials): Promise<User> {
  const data = await api<{ user: User }>('/auth/login', { method: 'POST', body: credentials });
  return data.user;
}
