import type { ComponentProps } from 'react';
import { input } from '../../../lib/ui';

type Props = Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete'> & {
  /** `app`: six digits from the authenticator; `recovery`: a code like k7m2p-x9c4d; `any`: either. */
  kind: 'app' | 'recovery' | 'any';
};

/**
 * A one-time code field: phones offer the number pad (and the code from a
 * text message or the password manager) for an authenticator code, and a
 * plain keyboard without autocorrect for a recovery code.
 */
export function CodeInput({ kind, className = '', ...props }: Props) {
  return (
    <input
      {...props}
      type="text"
      inputMode={kind === 'app' ? 'numeric' : 'text'}
      autoComplete={kind === 'recovery' ? 'off' : 'one-time-code'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={kind === 'app' ? 7 : 13}
      className={`${input} font-mono tracking-widest ${className}`}
    />
  );
}
