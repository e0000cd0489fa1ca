import { z } from 'zod';

export type User = { username: string; is_admin: boolean };

const field = (key: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: key }));

export const LoginSchema = z.object({
  username: field('validation.login.required').pipe(
    z.string().trim().min(1, 'validation.login.required'),
  ),
  password: field('validation.login.required').pipe(z.string().min(1, 'validation.login.required')),
});

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;
export const PASSWORD_MIN_LENGTH = 10;

const username = field('validation.username.format').pipe(
  z.string().trim().regex(USERNAME_PATTERN, 'validation.username.format'),
);
const password = field('validation.password.min').pipe(
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'validation.password.min')
    .max(200, 'validation.password.max'),
);

export const RegisterSchema = z.object({ username, password });

export const ProfileUpdateSchema = z.object({
  username: username.optional(),
  password: password.optional(),
  current_password: field('validation.currentPassword.required').pipe(
    z.string().min(1, 'validation.currentPassword.required'),
  ),
});
