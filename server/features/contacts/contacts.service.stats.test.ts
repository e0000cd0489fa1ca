import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '#shared/settings';
import { STORES, type TestStore } from '../../../tests/support/stores';
import { createContactsService } from './contacts.service';

/**
 * The enquiries chart's days are the company's days (settings
 * `reply_time_zone`), as analytics counts them: in Lisbon's summer an
 * enquiry at 00:30 on 1 August is on 1 August, not on 31 July as UTC has
 * it; a day where the clocks go back is 25 hours long. The export's file
 * is dated with the same today. Alike on both stores.
 */
describe.each(STORES)('the enquiries per day on $name', (s) => {
  describe.skipIf(s.skip)('', () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await s.open();
    });
    afterAll(() => store?.destroy());
    beforeEach(async () => {
      await store.db('contacts').delete();
    });

    const service = (now: string, timeZone = 'Europe/Lisbon') =>
      createContactsService({
        db: store.db,
        clock: () => new Date(now),
        settings: { snapshot: async () => ({ ...DEFAULT_SETTINGS, reply_time_zone: timeZone }) },
      });
    const stats = (now: string, timeZone = 'Europe/Lisbon') => service(now, timeZone).stats();

    const receive = (...times: string[]) =>
      store.db('contacts').insert(
        times.map((created_at) => ({
          name: 'Ana Silva',
          email: 'ana@example.pt',
          message: 'We would like to automate our welding line.',
          read: false,
          created_at,
        })),
      );

    const countOn = (series: { date: string; count: number }[], date: string) =>
      series.find((d) => d.date === date)?.count;

    it('counts an enquiry at 00:30 Lisbon summer time on that day, and ends today in Lisbon', async () => {
      await receive(
        '2026-07-31T23:30:00.000Z', // 00:30 on 1 August in Lisbon
        '2026-07-31T22:59:59.999Z', // 23:59:59 on 31 July in Lisbon
        '2026-07-02T23:00:00.000Z', // the first moment of the window's first day, 3 July
        '2026-07-02T22:59:59.999Z', // the moment before: not in the window
      );
      // 00:10 on 2 August in Lisbon, still 1 August in UTC.
      const { per_day, last_7_days } = await stats('2026-08-01T23:10:00.000Z');
      expect(per_day).toHaveLength(30);
      expect(per_day[0]).toEqual({ date: '2026-07-04', count: 0 });
      expect(per_day.at(-1)).toEqual({ date: '2026-08-02', count: 0 });

      const earlier = await stats('2026-08-01T10:00:00.000Z');
      expect(earlier.per_day[0]).toEqual({ date: '2026-07-03', count: 1 });
      expect(countOn(earlier.per_day, '2026-08-01')).toBe(1);
      expect(countOn(earlier.per_day, '2026-07-31')).toBe(1);
      expect(earlier.per_day.reduce((sum, d) => sum + d.count, 0)).toBe(3);
      expect(earlier.last_7_days).toBe(2);
      expect(last_7_days).toBe(2);
    });

    it('names the zone its days are in', async () => {
      expect((await stats('2026-08-01T10:00:00.000Z')).time_zone).toBe('Europe/Lisbon');
      expect((await stats('2026-08-01T10:00:00.000Z', 'Asia/Tokyo')).time_zone).toBe('Asia/Tokyo');
    });

    it("dates the export's file with the company's today, not UTC's", async () => {
      // 00:10 on 2 August in Lisbon, still 1 August in UTC.
      const lisbon = await service('2026-08-01T23:10:00.000Z').exportCsv();
      expect(lisbon.filename).toBe('enquiries-2026-08-02.csv');
      const spam = await service('2026-08-01T23:10:00.000Z', 'UTC').exportCsv({ spam: true });
      expect(spam.filename).toBe('spam-enquiries-2026-08-01.csv');
    });

    it('goes by the zone as set: in UTC the 00:30 enquiry is on 31 July', async () => {
      await receive('2026-07-31T23:30:00.000Z');
      const { per_day } = await stats('2026-08-01T10:00:00.000Z', 'UTC');
      expect(countOn(per_day, '2026-07-31')).toBe(1);
      expect(countOn(per_day, '2026-08-01')).toBe(0);
    });

    it('gives the day the clocks go back its 25 hours', async () => {
      // Lisbon, 25 October 2026: from 23:00 UTC the day before to midnight UTC the day after.
      await receive(
        '2026-10-24T22:59:59.999Z',
        '2026-10-24T23:00:00.000Z',
        '2026-10-25T23:30:00.000Z',
        '2026-10-26T00:00:00.000Z',
      );
      const { per_day } = await stats('2026-10-26T12:00:00.000Z');
      expect(per_day.slice(-3)).toEqual([
        { date: '2026-10-24', count: 1 },
        { date: '2026-10-25', count: 2 },
        { date: '2026-10-26', count: 1 },
      ]);
    });
  });
});
