import type { ButtonHTMLAttributes } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-disabled'> & {
  /** The item's write is running: the button stays focusable but refuses clicks. */
  pending: boolean;
};

/**
 * An action on one listed item (Edit, Publish, Delete, Mark as read). While
 * the item's write runs it is `aria-disabled` (not `disabled`, so keyboard
 * focus stays on it) and its clicks are refused here: no second write starts.
 */
export function RowAction({ pending, onClick, ...rest }: Props) {
  return (
    <button
      type="button"
      {...rest}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (!pending) onClick?.(event);
      }}
    />
  );
}
