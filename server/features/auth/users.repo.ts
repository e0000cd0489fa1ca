import type { Db } from '../../db/knex';
import { now, toBool } from '../../db/values';

export type UserRecord = { id: number; username: string; password_hash: string; is_admin: boolean };

type Row = Record<string, unknown>;

const toUser = (row: Row): UserRecord => ({
  id: Number(row.id),
  username: String(row.username),
  password_hash: String(row.password_hash),
  is_admin: toBool(row.is_admin),
});

/** Plain knex queries on `users`. Usernames compare without regard to case. */
export function createUsersRepo(db: Db) {
  const users = () => db('users');
  return {
    async findByUsername(username: string): Promise<UserRecord | null> {
      const row = await users().whereRaw('lower(username) = ?', [username.toLowerCase()]).first();
      return row ? toUser(row) : null;
    },

    async findById(id: number): Promise<UserRecord | null> {
      const row = await users().where({ id }).first();
      return row ? toUser(row) : null;
    },

    async insert(user: Omit<UserRecord, 'id'>): Promise<UserRecord> {
      const at = now();
      await users().insert({ ...user, created_at: at, updated_at: at });
      return (await this.findByUsername(user.username))!;
    },

    async update(id: number, fields: Partial<Omit<UserRecord, 'id'>>): Promise<void> {
      await users()
        .where({ id })
        .update({ ...fields, updated_at: now() });
    },

    async countAdmins(): Promise<number> {
      const row = await users().where('is_admin', true).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
