// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(cleanup);

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove
      </button>
      {open && (
        <ConfirmDialog
          message="Are you sure you want to delete this contact?"
          confirmLabel="Delete"
          onCancel={() => setOpen(false)}
          onConfirm={onConfirm}
        />
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is a labelled alert dialog that focuses Cancel and makes the page inert', () => {
    renderAdmin(<Harness onConfirm={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Please confirm' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Are you sure you want to delete this contact?');
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(document.getElementById('admin-app')?.hasAttribute('inert')).toBe(true);
  });

  it('keeps Tab inside, closes on Escape and gives focus back', () => {
    renderAdmin(<Harness onConfirm={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Remove' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole('alertdialog');
    const buttons = Array.from(dialog.querySelectorAll('button'));
    buttons.at(-1)!.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(buttons.at(-1));

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(document.getElementById('admin-app')?.hasAttribute('inert')).toBe(false);
  });

  it('confirms with the destructive button', () => {
    const onConfirm = vi.fn();
    renderAdmin(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
