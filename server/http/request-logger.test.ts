import { describe, expect, it } from 'vitest';
import { startLlmTestApp } from '../../tests/support/llm-test-app';
import { loggedUrl } from './request-logger';

describe('the request log', () => {
  it('keeps share-link tokens out: a token opens a draft to whoever holds it', () => {
    expect(loggedUrl('/preview/AbC_d-123456789012345?lang=pt')).toBe('/preview/[token]?lang=pt');
    expect(loggedUrl('/api/previews/AbC_d-123456789012345')).toBe('/api/previews/[token]');
    expect(loggedUrl('/api/news/7/previews/3')).toBe('/api/news/7/previews/3');
    expect(loggedUrl('/news?page=2')).toBe('/news?page=2');
    expect(loggedUrl(undefined)).toBeUndefined();
  });

  it('logs the requests of share links without their token', async () => {
    const t = await startLlmTestApp({});
    try {
      const token = 'Zq3xY8wVt6uS4rQ2pO0nMl';
      await t.anonymous.get(`/preview/${token}`).expect(404);
      await t.anonymous.get(`/api/previews/${token}`).expect(404);
      const logs = t.logs();
      expect(logs).toContain('/preview/[token]');
      expect(logs).toContain('/api/previews/[token]');
      expect(logs).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
