import { describe, expect, it } from 'vitest';
import { readHydration, serializeHydration } from './hydration';

describe('router state for hydration', () => {
  it('cannot close its script element and survives the round trip', () => {
    const state = {
      loaderData: { article: { title: '</script><script>alert(1)</script>\u2028' } },
      actionData: null,
    };
    const text = serializeHydration(state);
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(readHydration(text)).toEqual(state);
  });

  it('gives undefined for a missing or broken payload', () => {
    expect(readHydration(undefined)).toBeUndefined();
    expect(readHydration('{not json')).toBeUndefined();
  });
});
