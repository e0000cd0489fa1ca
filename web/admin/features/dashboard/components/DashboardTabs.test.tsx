// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
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

/** A panel holding what was typed in its own state, as an open form does. */
function Typed({ id }: { id: string }) {
  const [text, setText] = useState('');
  return <input aria-label={`${id} text`} value={text} onChange={(e) => setText(e.target.value)} />;
}

const typedTab = (id: string): Tab => ({ id, label: id, icon: null, panel: <Typed id={id} /> });

describe('DashboardTabs with kept panels', () => {
  it('keeps a panel its tab list no longer has mounted, out of sight, until it is let go', () => {
    const [news, pages, contacts] = ['news', 'pages', 'contacts'].map(typedTab);
    const onChange = vi.fn();
    const { rerender } = render(
      <DashboardTabs tabs={[news!, pages!]} active="pages" onChange={onChange} />,
    );
    const field = screen.getByLabelText('pages text') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'About Forge' } });

    rerender(
      <DashboardTabs
        tabs={[news!, contacts!]}
        active="contacts"
        onChange={onChange}
        kept={[pages!]}
      />,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['news', 'contacts']);
    expect(screen.getByLabelText('pages text', { selector: 'input' })).toBe(field);
    expect(field.value).toBe('About Forge');
    expect(field.closest('[hidden]')).not.toBeNull();
    expect(screen.getByRole('tabpanel').id).toBe('panel-contacts');

    rerender(<DashboardTabs tabs={[news!, contacts!]} active="contacts" onChange={onChange} />);
    expect(field.isConnected).toBe(false);
  });
});
