// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test/render';
import { Modal } from './Modal';

afterEach(cleanup);

describe('Modal opened over another one', () => {
  it('alone answers Escape and keeps Tab, until it closes', () => {
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    const { rerender } = renderAdmin(<div />);
    const both = (inner: boolean) => (
      <div id="admin-app">
        <Modal title="Form" onClose={outerClose}>
          <button type="button">Outer action</button>
        </Modal>
        {inner && (
          <Modal title="Question" onClose={innerClose} role="alertdialog">
            <button type="button">Inner action</button>
          </Modal>
        )}
      </div>
    );
    rerender(both(true));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(innerClose).toHaveBeenCalledOnce();
    expect(outerClose).not.toHaveBeenCalled();

    const inner = screen.getByRole('alertdialog');
    const innerButtons = [...inner.querySelectorAll('button')];
    innerButtons.at(-1)!.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(innerButtons[0]);

    rerender(both(false));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(outerClose).toHaveBeenCalledOnce();
  });
});
