/**
 * Desktop notifications that still answer their click. Electron drops a
 * `Notification` that nothing in JavaScript holds any more, and its `click`
 * handler with it (electron/electron#16922, #12690): one shown from a local
 * variable often did nothing when clicked. Each shown notification is kept
 * here until it is clicked, closed or has failed.
 */

/** The part of Electron's `Notification` used here. */
export type ShownNote = {
  on(event: 'click', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'failed', listener: () => void): unknown;
  show(): void;
};

export function createNotifier(make: (options: { title: string; body?: string }) => ShownNote) {
  const shown = new Set<ShownNote>();
  return {
    show(title: string, body?: string, onClick?: () => void): void {
      const note = make({ title, body });
      const forget = () => void shown.delete(note);
      note.on('click', () => {
        forget();
        onClick?.();
      });
      note.on('close', forget);
      note.on('failed', forget);
      shown.add(note);
      note.show();
    },
    /** How many shown notifications are kept. */
    kept: () => shown.size,
  };
}
