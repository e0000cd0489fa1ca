// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactStats } from '#shared/contact';
import type { ReplyFilter } from '#shared/contact-list';
import { renderAdmin } from '../../../test/render';
import { ContactStatsPanel } from './ContactStatsPanel';

afterEach(cleanup);

const stats: ContactStats = {
  total: 9,
  unread: 4,
  unreplied: 5,
  overdue: 2,
  due_soon: 1,
  spam: 3,
  newest_id: 21,
  last_7_days: 6,
  per_day: [],
  time_zone: 'Europe/Berlin',
};

function render(reply: ReplyFilter | undefined) {
  const onReply = vi.fn();
  renderAdmin(<ContactStatsPanel stats={stats} reply={reply} onReply={onReply} />);
  return onReply;
}

const figure = (key: string) => screen.getByTestId(`stat-${key}`);

describe('ContactStatsPanel', () => {
  it('the Overdue and Due-soon figures filter the list, and pressed again drop the filter', () => {
    const onReply = render(undefined);
    expect(within(figure('overdue')).getByRole('definition').textContent).toBe('2');
    expect(within(figure('due-soon')).getByRole('definition').textContent).toBe('1');
    const overdue = within(figure('overdue')).getByRole('button', { name: 'Overdue' });
    const soon = within(figure('due-soon')).getByRole('button', { name: 'Due soon' });
    expect(overdue.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(overdue);
    fireEvent.click(soon);
    expect(onReply.mock.calls).toEqual([['overdue'], ['soon']]);
    // The other figures are numbers only.
    expect(within(figure('total')).queryByRole('button')).toBeNull();
    cleanup();

    const again = render('soon');
    const pressed = within(figure('due-soon')).getByRole('button', { name: 'Due soon' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(pressed);
    expect(again).toHaveBeenCalledWith(undefined);
  });

  it.each([
    ['en', ['100,000', '90,000', '1,234']],
    ['de', ['100.000', '90.000', '1.234']],
    ['pt', ['100\u00a0000', '90\u00a0000', '1234']],
  ] as const)(
    'writes large figures as the region of %s groups digits (European Portuguese too)',
    (language, written) => {
      const many = { ...stats, total: 100_000, unread: 90_000, overdue: 1_234 };
      const text = (key: string) => within(figure(key)).getByRole('definition').textContent;
      renderAdmin(<ContactStatsPanel stats={many} reply={undefined} onReply={vi.fn()} />, {
        language,
      });
      expect([text('total'), text('unread'), text('overdue')]).toEqual(written);
    },
  );

  it("names the zone whose midnights divide the chart's days", () => {
    render(undefined);
    expect(
      screen.getByText(
        'Days run from midnight to midnight in the company time zone (Europe/Berlin), as set under Settings.',
      ),
    ).toBeTruthy();
  });
});
