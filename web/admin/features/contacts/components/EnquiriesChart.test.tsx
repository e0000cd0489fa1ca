// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../../test/render';
import { EnquiriesChart } from './EnquiriesChart';

afterEach(cleanup);

const days = (counts: number[]) =>
  counts.map((count, i) => ({ date: `2025-03-${String(i + 1).padStart(2, '0')}`, count }));

describe('EnquiriesChart', () => {
  it('draws one bar per day, scaled to the busiest day, and summarises it in words', () => {
    const { container } = renderAdmin(
      <EnquiriesChart perDay={days([0, 2, 4, 1])} timeZone="Europe/Lisbon" />,
    );
    const chart = screen.getByRole('img', {
      name: /7 enquiries in the last 30 days; busiest day 03\/03\/2025 with 4/,
    });
    const bars = Array.from(chart.querySelectorAll('rect'));
    expect(bars).toHaveLength(4);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[0]).toBe(0);
    expect(heights[2]).toBeGreaterThan(heights[1]!);
    expect(heights[1]).toBeGreaterThan(heights[3]!);
    expect(bars[1]!.querySelector('title')?.textContent).toBe('02/03/2025: 2');
    expect(container.textContent).toContain('01/03/2025');
    expect(container.textContent).toContain('04/03/2025');
  });

  it('speaks of one enquiry in the singular', () => {
    renderAdmin(<EnquiriesChart perDay={days([0, 1, 0])} timeZone="Europe/Lisbon" />);
    expect(
      screen.getByRole('img', {
        name: '1 enquiry in the last 30 days; busiest day 02/03/2025 with 1.',
      }),
    ).toBeTruthy();
  });

  it('writes its dates as German does, in the summary too', () => {
    const { container } = renderAdmin(
      <EnquiriesChart perDay={days([0, 2, 4, 1])} timeZone="Europe/Lisbon" />,
      {
        language: 'de',
      },
    );
    const chart = screen.getByRole('img', {
      name: '7 Anfragen in den letzten 30 Tagen; die meisten am 03.03.2025 mit 4.',
    });
    expect(chart.querySelectorAll('rect')[1]!.querySelector('title')?.textContent).toBe(
      '02.03.2025: 2',
    );
    expect(container.textContent).toContain('01.03.2025');
    expect(container.textContent).not.toContain('/2025');
  });

  it('says so when there were no enquiries', () => {
    renderAdmin(<EnquiriesChart perDay={days([0, 0, 0])} timeZone="Europe/Lisbon" />);
    expect(screen.getByRole('img', { name: 'No enquiries in the last 30 days.' })).toBeTruthy();
  });
});
