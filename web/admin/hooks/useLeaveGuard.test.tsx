// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { leavingIsQuestioned } from '../test/leave';
import {
  hasUnsavedWork,
  LEAVE_UNASKED,
  leavesUnasked,
  useLeaveGuard,
  useUnsavedWork,
} from './useLeaveGuard';

afterEach(cleanup);

/** A form holding unsaved work while `unsaved`, sayable as `copy` when given. */
function Form({ unsaved, copy }: { unsaved: boolean; copy?: string }) {
  useLeaveGuard(unsaved, copy === undefined ? undefined : () => copy);
  return null;
}

/** What useUnsavedWork tells the page (AdminScreen's copy button). */
let work: ReturnType<typeof useUnsavedWork> | undefined;
function Work() {
  work = useUnsavedWork();
  return null;
}

describe('the registry of unsaved work', () => {
  it('counts every form holding unsaved work, with copy text or without', () => {
    const view = render(
      <>
        <Form unsaved={false} />
        <Form unsaved={false} copy="Phone: +44" />
        <Work />
      </>,
    );
    expect(hasUnsavedWork()).toBe(false);

    // A note (no copy text): counted, but nothing for the copy button.
    view.rerender(
      <>
        <Form unsaved />
        <Form unsaved={false} copy="Phone: +44" />
        <Work />
      </>,
    );
    expect(hasUnsavedWork()).toBe(true);
    expect(work?.unsaved).toBe(false);
    expect(leavingIsQuestioned()).toBe(true);

    view.rerender(
      <>
        <Form unsaved />
        <Form unsaved copy="Phone: +44" />
        <Work />
      </>,
    );
    expect(hasUnsavedWork()).toBe(true);
    expect(work?.unsaved).toBe(true);
    expect(work?.text()).toBe('Phone: +44');

    // Saved or discarded: no longer counted, one form after the other.
    view.rerender(
      <>
        <Form unsaved={false} />
        <Form unsaved copy="Phone: +44" />
        <Work />
      </>,
    );
    expect(hasUnsavedWork()).toBe(true);
    view.rerender(
      <>
        <Form unsaved={false} />
        <Form unsaved={false} copy="Phone: +44" />
        <Work />
      </>,
    );
    expect(hasUnsavedWork()).toBe(false);
    expect(work?.unsaved).toBe(false);
    expect(leavingIsQuestioned()).toBe(false);
  });

  it('forgets the work of a form that is gone', () => {
    const view = render(
      <>
        <Form unsaved />
        <Form unsaved copy="Title: draft" />
      </>,
    );
    expect(hasUnsavedWork()).toBe(true);
    view.rerender(<Form unsaved />);
    expect(hasUnsavedWork()).toBe(true);
    view.unmount();
    expect(hasUnsavedWork()).toBe(false);
  });

  it('tells a move away made on purpose by its navigation state', () => {
    expect(leavesUnasked({ signedOut: true, ...LEAVE_UNASKED })).toBe(true);
    expect(leavesUnasked({ signedOut: true })).toBe(false);
    expect(leavesUnasked({ leaveUnasked: 'yes' })).toBe(false);
    expect(leavesUnasked(null)).toBe(false);
    expect(leavesUnasked(undefined)).toBe(false);
  });
});
