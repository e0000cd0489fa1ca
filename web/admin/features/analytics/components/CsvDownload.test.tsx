// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport } from '#shared/analytics';
import { renderAdmin } from '../../../test/render';
import { CsvDownload } from './CsvDownload';

const saved = vi.hoisted(() => [] as { text: Promise<string>; filename: string }[]);
vi.mock('../../../lib/save-file', () => ({
  saveFile: (blob: Blob, filename: string) => saved.push({ text: blob.text(), filename }),
}));

afterEach(() => {
  cleanup();
  saved.length = 0;
});

const report: AnalyticsReport = {
  days: 7,
  time_zone: 'Europe/Lisbon',
  views: [{ date: '2026-11-27', count: 4 }],
  pages: [{ path: '/cells', title: 'Cells', views: 4, enquiries: 1, page: 'document', id: 3 }],
  referrers: [],
  languages: [],
  enquiries_without_source: 0,
};

describe('CsvDownload', () => {
  it('saves the table with commas, or with semicolons for European spreadsheets', async () => {
    renderAdmin(<CsvDownload report={report} />, { language: 'de' });
    fireEvent.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    fireEvent.click(screen.getByRole('button', { name: 'CSV mit Semikolon' }));
    expect(saved.map((file) => file.filename)).toEqual([
      'analytics-7-days-2026-11-27.csv',
      'analytics-7-days-2026-11-27.csv',
    ]);
    // Blob.text() drops the byte-order mark jsdom keeps; the lines are what matter here.
    const [commas, semicolons] = await Promise.all(saved.map((file) => file.text));
    expect(commas).toContain('path,title,views,enquiries\r\n/cells,Cells,4,1\r\n');
    expect(semicolons).toContain('path;title;views;enquiries\r\n/cells;Cells;4;1\r\n');
  });
});
