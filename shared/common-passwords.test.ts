import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from './auth';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each([
    'aaaaaaaaaa',
    'password123',
    'Password1234',
    'P@ssw0rd!!',
    'Welcome2024!',
    '123password',
    'pass-word-12',
    'ababababab',
    '1212121212',
    '1234567890',
    '0987654321',
    'abcdefghij',
    'qwertyuiop',
    'QWERTY123456',
    '1qaz2wsx3edc',
    'q1w2e3r4t5',
    'admin12345',
    'iloveyou12',
    'trustno1234',
    'passwort123',
    'senha123456',
    'benfica1904',
  ])('refuses %j', (password) => expect(isCommonPassword(password)).toBe(true));

  it.each([
    'admin-password-123',
    'correct horse battery staple',
    'long-enough-pass',
    'whatever-123',
    'Tr4m-Gleis-Kaffee',
    'secret-password',
    'vision cell 40 a minute',
  ])('accepts %j', (password) => expect(isCommonPassword(password)).toBe(false));
});

describe('NewPasswordSchema', () => {
  it('names a short password by its length, and a common one as common', () => {
    const issues = (v: string) =>
      NewPasswordSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(issues('aaaa')).toEqual(['validation.password.min']);
    expect(issues('aaaaaaaaaa')).toEqual(['validation.password.common']);
    expect(issues('admin-password-123')).toBeUndefined();
  });
});
