import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createHashPool, type HashPool } from './hash-pool';

/**
 * Password hashing with scrypt (memory-hard), at OWASP's recommended cost
 * (N=2^17, r=8, p=1: 128 MiB and a few hundred milliseconds a hash). Stored
 * as `scrypt$N$r$p$salt$hash` (base64), so older, cheaper hashes still verify
 * and are replaced on the next successful sign-in (`needsRehash`). Hashes run
 * on their own bounded worker pool (`hash-pool.ts`).
 */
export const PASSWORD_COST = { N: 2 ** 17, r: 8, p: 1 };
/**
 * The cost under NODE_ENV=test only, so the suite's hundreds of sign-ins do
 * not take minutes; the tests of hashing itself run at PASSWORD_COST.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 12, r: 8, p: 1 };
let cost = PASSWORD_COST;

/** Chooses the cost of new hashes (`openRuntime` does, from NODE_ENV). */
export function setPasswordCost(next: typeof PASSWORD_COST): void {
  if (next.N !== cost.N || next.r !== cost.r || next.p !== cost.p) dummy = undefined;
  cost = next;
}
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** Refuse stored parameters that would take the server down (a corrupted or hostile row). */
const MAX_N = 2 ** 20;

let pool: HashPool | undefined;
const hashPool = () => (pool ??= createHashPool());

/** True while a new hash would be refused (every helper busy, the queue full): see hashing-admission.ts. */
export const hashingFull = (): boolean => pool?.full() ?? false;

/** Stops the hash workers (graceful shutdown; the next hash starts new ones). */
export async function closePasswordHashing(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}

function scrypt(password: string, salt: Buffer, cost: typeof PASSWORD_COST): Promise<Buffer> {
  return hashPool().run({
    password: password.normalize('NFKC'),
    salt,
    keyLength: KEY_LENGTH,
    ...cost,
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, cost);
  const { N, r, p } = cost;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    scheme === 'scrypt' &&
    Number.isInteger(cost.N) &&
    cost.N > 1 &&
    cost.N <= MAX_N &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    cost.p === 1 &&
    Boolean(salt && hash);
  return sane ? { cost, salt: salt!, hash: hash! } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64');
  const actual = await scrypt(password, Buffer.from(parsed.salt, 'base64'), parsed.cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash is cheaper than today's cost and should be replaced. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

let dummy: Promise<string> | undefined;

/**
 * A valid hash at today's cost of a random password: checked when a user is
 * unknown, so the answer takes as long and timing says nothing.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    dummy = undefined;
    throw error;
  });
  return dummy;
}
