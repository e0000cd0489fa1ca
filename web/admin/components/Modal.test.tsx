// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
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

/** Presses Escape in the commit that mounts it, before React runs that commit's passive effects. */
function EscapeOnCommit() {
  useLayoutEffect(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  }, []);
  return null;
}

describe('Modal replacing another one', () => {
  it('answers Escape from the commit that puts it on screen', () => {
    // As when a finished AI draft opens the article form in place of the AI
    // dialog: an update from a network answer, whose passive effects React may
    // run a task later. A key pressed in between must reach the new dialog,
    // not the one that just closed.
    const firstClose = vi.fn();
    const secondClose = vi.fn();
    const { rerender } = renderAdmin(
      <Modal title="AI Content Generation" onClose={firstClose}>
        <button type="button">Generate</button>
      </Modal>,
    );
    rerender(
      <div id="admin-app">
        <Modal title="Create News Article" onClose={secondClose}>
          <button type="button">Save</button>
        </Modal>
        <EscapeOnCommit />
      </div>,
    );
    expect(secondClose).toHaveBeenCalledOnce();
    expect(firstClose).not.toHaveBeenCalled();
  });
});

describe('Modal turning busy', () => {
  it('ignores an Escape pressed in the commit that makes it busy', () => {
    const onClose = vi.fn();
    const modal = (busy: boolean) => (
      <div id="admin-app">
        <Modal title="Create News Article" onClose={onClose} busy={busy}>
          <button type="button">Save</button>
        </Modal>
        {busy && <EscapeOnCommit />}
      </div>
    );
    // The same tree both times, so the dialog re-renders instead of mounting anew.
    const { rerender } = render(modal(false));
    rerender(modal(true));
    expect(onClose).not.toHaveBeenCalled();
  });
});
