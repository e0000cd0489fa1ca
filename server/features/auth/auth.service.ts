import { LoginSchema, ProfileUpdateSchema, RegisterSchema, type User } from '#shared/auth';
import type { SessionUser } from '../../http/session';
import type { Db } from '../../db/knex';
import { isUniqueViolation } from '../../db/values';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../errors';
import { parseInput } from '../../validation';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { createUsersRepo, type UserRecord } from './users.repo';

const usernameTaken = () =>
  new ConflictError('apiErrors.usernameTaken', { username: 'apiErrors.usernameTaken' });

const toSessionUser = (u: UserRecord): SessionUser => ({
  id: u.id,
  username: u.username,
  is_admin: u.is_admin,
});

export const publicUser = (u: SessionUser): User => ({
  username: u.username,
  is_admin: u.is_admin,
});

/** Accounts: sign-in, registration, profile changes and the admin bootstrap. */
export function createAuthService({
  db,
  allowRegistration,
}: {
  db: Db;
  allowRegistration: boolean;
}) {
  const users = createUsersRepo(db);

  async function insertUser(username: string, password: string, isAdmin: boolean) {
    if (await users.findByUsername(username)) throw usernameTaken();
    try {
      const hash = await hashPassword(password);
      return await users.insert({ username, password_hash: hash, is_admin: isAdmin });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  return {
    async login(input: unknown): Promise<SessionUser> {
      const { username, password } = parseInput(LoginSchema, input, 'validation.login.required');
      const user = await users.findByUsername(username);
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
      if (!user || !ok) throw new UnauthorizedError('apiErrors.invalidCredentials');
      return toSessionUser(user);
    },

    async register(input: unknown): Promise<SessionUser> {
      if (!allowRegistration) throw new ForbiddenError('apiErrors.registrationDisabled');
      const { username, password } = parseInput(RegisterSchema, input);
      return toSessionUser(await insertUser(username, password, false));
    },

    /** The signed-in user as stored now; 401 when the account no longer exists. */
    async current(id: number): Promise<SessionUser> {
      const user = await users.findById(id);
      if (!user) throw new UnauthorizedError('apiErrors.authRequired');
      return toSessionUser(user);
    },

    async updateProfile(id: number, input: unknown): Promise<SessionUser> {
      const changes = parseInput(ProfileUpdateSchema, input);
      const user = await users.findById(id);
      if (!user) throw new UnauthorizedError('apiErrors.authRequired');
      if (!(await verifyPassword(changes.current_password, user.password_hash))) {
        throw new UnauthorizedError('apiErrors.wrongPassword');
      }
      if (changes.username === undefined && changes.password === undefined) {
        throw new BadRequestError('apiErrors.nothingToUpdate');
      }
      if (changes.username !== undefined) {
        const other = await users.findByUsername(changes.username);
        if (other && other.id !== id) throw usernameTaken();
      }
      await users.update(id, {
        ...(changes.username !== undefined && { username: changes.username }),
        ...(changes.password !== undefined && {
          password_hash: await hashPassword(changes.password),
        }),
      });
      return toSessionUser((await users.findById(id))!);
    },

    /** Creates this admin unless a user of that name exists. */
    async ensureAdmin(username: string, password: string): Promise<'created' | 'exists'> {
      if (await users.findByUsername(username)) return 'exists';
      await insertUser(username, password, true);
      return 'created';
    },

    async createAdmin(username: string, password: string): Promise<void> {
      const valid = parseInput(RegisterSchema, { username, password });
      await insertUser(valid.username, valid.password, true);
    },

    async resetPassword(username: string, password: string): Promise<void> {
      const user = await users.findByUsername(username);
      if (!user) throw new NotFoundError('apiErrors.userNotFound');
      const valid = parseInput(RegisterSchema.pick({ password: true }), { password });
      await users.update(user.id, { password_hash: await hashPassword(valid.password) });
    },

    exists: async (username: string) => (await users.findByUsername(username)) !== null,

    hasAdmin: async () => (await users.countAdmins()) > 0,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
