import { describe, expect, it } from 'vitest';
import { planUpdates } from './update-feed';

describe('planUpdates', () => {
  it('does nothing in development', () => {
    expect(planUpdates({ isPackaged: false, envFeed: 'https://updates.example.com' })).toEqual({
      enabled: false,
      reason: 'development',
    });
  });

  it('uses the installer publish config when no feed is set', () => {
    expect(planUpdates({ isPackaged: true })).toEqual({ enabled: true, feed: null });
    expect(planUpdates({ isPackaged: true, envFeed: '  ', settingsFeed: null })).toEqual({
      enabled: true,
      feed: null,
    });
  });

  it('prefers UPDATE_FEED_URL over the settings file', () => {
    expect(
      planUpdates({
        isPackaged: true,
        envFeed: 'https://env.example.com/desktop/',
        settingsFeed: 'https://settings.example.com',
      }),
    ).toEqual({
      enabled: true,
      feed: { provider: 'generic', url: 'https://env.example.com/desktop' },
    });
    expect(planUpdates({ isPackaged: true, settingsFeed: 'https://settings.example.com' })).toEqual(
      {
        enabled: true,
        feed: { provider: 'generic', url: 'https://settings.example.com' },
      },
    );
  });

  it('refuses insecure or malformed feeds instead of updating from them', () => {
    for (const feed of [
      'http://updates.example.com',
      'updates.example.com',
      'ftp://x.example.com',
    ]) {
      expect(planUpdates({ isPackaged: true, envFeed: feed })).toEqual({
        enabled: false,
        reason: 'invalid-feed',
      });
    }
    expect(planUpdates({ isPackaged: true, envFeed: 'http://localhost:8080/feed' })).toMatchObject({
      enabled: true,
    });
  });
});
