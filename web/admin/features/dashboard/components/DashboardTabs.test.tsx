// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardTabs, type Tab } from './DashboardTabs';

afterEach(cleanup);

const tabs: Tab[] = ['news', 'pages', 'contacts'].map((id) => ({
  id,
  label: id,
  icon: null,
  panel: <p>{id} panel</p>,
}));

describe('DashboardTabs', () => {
  it('moves on from the focused tab when a second arrow comes before the change renders', () => {
    // `active` stays on News: the parent has not re-rendered yet.
    const onChange = vi.fn();
    render(<DashboardTabs tabs={tabs} active="news" onChange={onChange} />);
    const [news, pages, contacts] = screen.getAllByRole('tab');
    news!.focus();
    fireEvent.keyDown(news!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(pages);
    fireEvent.keyDown(pages!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(contacts);
    expect(onChange.mock.calls.map(([id]) => id)).toEqual(['pages', 'contacts']);
    fireEvent.keyDown(contacts!, { key: 'Home' });
    expect(document.activeElement).toBe(news);
  });
});
