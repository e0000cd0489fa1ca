// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../test/render';
import { EmailField } from './EmailField';

afterEach(cleanup);

/** A form's use: the address kept by the form, its error cleared as the user types. */
function Form({ error: found, autoComplete }: { error?: string; autoComplete?: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState(found);
  return (
    <EmailField
      id="invite-email"
      label="E-mail address"
      autoComplete={autoComplete}
      error={error}
      value={email}
      onChange={(value) => {
        setEmail(value);
        setError(undefined);
      }}
    />
  );
}

describe('EmailField', () => {
  it('is an e-mail input named by its label, filled in from the browser', () => {
    renderAdmin(<Form />);
    const field = screen.getByLabelText('E-mail address') as HTMLInputElement;
    expect(field.id).toBe('invite-email');
    expect(field.type).toBe('email');
    expect(field.autocomplete).toBe('email');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBeNull();
  });

  it('takes another autocomplete (an address that is not the own)', () => {
    renderAdmin(<Form autoComplete="off" />);
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).autocomplete).toBe('off');
  });

  it('shows its error, marked invalid and described by it, until the address changes', () => {
    renderAdmin(<Form error="Please enter a valid e-mail address" />);
    const field = screen.getByLabelText('E-mail address') as HTMLInputElement;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(error?.textContent).toBe('Please enter a valid e-mail address');

    fireEvent.change(field, { target: { value: 'ana@example.com' } });
    expect(field.value).toBe('ana@example.com');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please enter a valid e-mail address')).toBeNull();
  });
});
