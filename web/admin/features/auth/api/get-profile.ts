import type { User } from '#shared/auth';
import { api } from '../../../../common/api';

/** `GET /api/auth/profile`: the signed-in user, or a 401 `ApiError`. */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  const data = await api<{ user: User }>('/auth/profile', { signal });
  return data.user;
}
