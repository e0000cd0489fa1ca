import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { APP_PAGES } from './app-scheme';
import { createNotifier } from './notifications';
import { isAppPage } from './security';

/** Electron's Notification as far as the notifier sees it. */
class FakeNotification extends EventEmitter {
  shown = false;
  constructor(public options: { title: string; body?: string }) {
    super();
  }
  show() {
    this.shown = true;
  }
}

function notifier() {
  const made: FakeNotification[] = [];
  const notes = createNotifier((options) => {
    const note = new FakeNotification(options);
    made.push(note);
    return note;
  });
  return { notes, made };
}

describe('notifications', () => {
  it('keeps each shown notification until it is clicked, so its click still runs', () => {
    const { notes, made } = notifier();
    const onClick = vi.fn();
    notes.show('New enquiry', '1 new enquiry arrived (1 awaiting a reply).', onClick);
    expect(made[0]).toMatchObject({
      shown: true,
      options: { title: 'New enquiry', body: '1 new enquiry arrived (1 awaiting a reply).' },
    });
    expect(notes.kept()).toBe(1);
    made[0]!.emit('click');
    expect(onClick).toHaveBeenCalledOnce();
    expect(notes.kept()).toBe(0);
  });

  it('lets go of one closed or failed, and of one clicked without anything to do', () => {
    const { notes, made } = notifier();
    for (let i = 0; i < 3; i++) notes.show(`Note ${i}`);
    expect(notes.kept()).toBe(3);
    made[0]!.emit('close');
    made[1]!.emit('failed', {}, 'toast failed');
    expect(notes.kept()).toBe(1);
    made[2]!.emit('click');
    expect(notes.kept()).toBe(0);
  });

  it('opens the enquiries list: the dashboard on its contacts tab, an app page', () => {
    expect(APP_PAGES.enquiries).toBe('app://admin/admin?tab=contacts');
    expect(isAppPage(APP_PAGES.enquiries)).toBe(true);
  });
});
