import { describe, expect, it } from 'vitest';
import { ContactReadSchema, ContactSchema } from './contact-schema';
import { fieldErrors } from './validation';

const valid = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalurgica Norte',
  message: 'We would like a quote for a welding cell.',
};

const errorsOf = (input: Record<string, unknown>) => {
  const result = ContactSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('ContactSchema', () => {
  it('trims every field and keeps unicode verbatim', () => {
    const parsed = ContactSchema.parse({
      name: '  Jürgen Müller 🤖 ',
      email: ' j@example.de ',
      company: '  Ação Lda ',
      message: '  Grüße — olá!  Mensagem com acentuação.  ',
    });
    expect(parsed).toEqual({
      name: 'Jürgen Müller 🤖',
      email: 'j@example.de',
      company: 'Ação Lda',
      message: 'Grüße — olá!  Mensagem com acentuação.',
    });
  });

  it('treats a blank company as absent', () => {
    expect(ContactSchema.parse({ ...valid, company: '   ' }).company).toBeNull();
    expect(ContactSchema.parse({ ...valid, company: undefined }).company).toBeNull();
  });

  it('requires name, email and message (whitespace counts as empty)', () => {
    expect(errorsOf({ name: '  ', email: '', message: ' ' })).toEqual({
      name: 'validation.name.required',
      email: 'validation.email.required',
      message: 'validation.message.required',
    });
  });

  it.each([
    ['name', 'A', 'validation.name.min'],
    ['name', 'x'.repeat(51), 'validation.name.max'],
    ['email', 'ana@example', 'validation.email.invalid'],
    ['email', 'ana silva@example.pt', 'validation.email.invalid'],
    ['email', 'ana.example.pt', 'validation.email.invalid'],
    ['email', `${'a'.repeat(64)}@${'b'.repeat(187)}.pt`, 'validation.email.invalid'],
    ['email', ' anna@example.com. ', 'validation.email.invalid'],
    ['email', '😀anna@example.com', 'validation.email.invalid'],
    ['company', 'X', 'validation.company.min'],
    ['company', 'x'.repeat(101), 'validation.company.max'],
    ['message', 'Too short', 'validation.message.min'],
    ['message', 'x'.repeat(1001), 'validation.message.max'],
  ])('%s %j -> %s', (field, value, key) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: key });
  });

  it('accepts the boundaries', () => {
    const edge = {
      name: 'Al',
      email: 'a@b.c',
      company: 'Co',
      message: 'x'.repeat(10),
    };
    expect(ContactSchema.safeParse(edge).success).toBe(true);
    expect(
      ContactSchema.safeParse({
        name: 'x'.repeat(50),
        email: `${'a'.repeat(64)}@${'b'.repeat(186)}.pt`,
        company: 'y'.repeat(100),
        message: 'z'.repeat(1000),
      }).success,
    ).toBe(true);
  });

  it('measures length after trimming', () => {
    expect(errorsOf({ ...valid, name: `  ${'x'.repeat(50)}  ` })).toEqual({});
    expect(errorsOf({ ...valid, message: `   ${'x'.repeat(9)}   ` })).toEqual({
      message: 'validation.message.min',
    });
  });
});

describe('ContactReadSchema', () => {
  it('defaults read to true and rejects non-booleans', () => {
    expect(ContactReadSchema.parse({})).toEqual({ read: true });
    expect(ContactReadSchema.parse({ read: false })).toEqual({ read: false });
    expect(ContactReadSchema.safeParse({ read: 'yes' }).success).toBe(false);
  });
});
