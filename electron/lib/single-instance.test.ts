import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { claimSingleInstance } from './single-instance';

class FakeApp extends EventEmitter {
  quit = vi.fn();
  constructor(private readonly gotLock: boolean) {
    super();
  }
  requestSingleInstanceLock() {
    return this.gotLock;
  }
}

describe('single instance', () => {
  it('a second copy quits at once and installs nothing', () => {
    const app = new FakeApp(false);
    const focus = vi.fn();
    expect(claimSingleInstance(app, focus)).toBe(false);
    expect(app.quit).toHaveBeenCalledOnce();
    expect(app.eventNames()).toEqual([]);
  });

  it('the first copy brings its window forward when launched again', () => {
    const app = new FakeApp(true);
    const focus = vi.fn();
    expect(claimSingleInstance(app, focus)).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
    app.emit('second-instance', {}, ['forge-admin'], '/home/ana');
    app.emit('second-instance', {}, ['forge-admin'], '/home/ana');
    expect(focus).toHaveBeenCalledTimes(2);
  });

  it('the first copy quits when its window is closed', () => {
    const app = new FakeApp(true);
    claimSingleInstance(app, vi.fn());
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledOnce();
  });
});
