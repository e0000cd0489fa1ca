// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EarlierEnquiry } from '#shared/contact';
import { renderAdmin } from '../../../test/render';
import { EarlierEnquiries } from './EarlierEnquiries';

// The admin's own time zone shows; pin one so the expected texts are fixed.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Lisbon';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});
afterEach(cleanup);

const EARLIER: EarlierEnquiry[] = [
  { id: 12, created_at: '2026-12-03T10:00:00.000Z', owner: 'Sara Lopes', replied: true },
  { id: 9, created_at: '2026-11-20T15:30:00.000Z', owner: null, replied: false },
];

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const render = (earlier: EarlierEnquiry[] | undefined, language: 'en' | 'pt' | 'de' = 'en') =>
  renderAdmin(
    <MemoryRouter initialEntries={['/admin?tab=contacts&q=welding']}>
      <EarlierEnquiries earlier={earlier} />
      <Address />
    </MemoryRouter>,
    { language },
  );

describe('EarlierEnquiries', () => {
  it.each([
    [
      'en',
      'Also wrote on 03/12/2026, 10:00 (handled by Sara Lopes, replied)',
      'Also wrote on 20/11/2026, 15:30 (nobody has taken it on)',
    ],
    [
      'pt',
      'Também escreveu em 03/12/2026, 10:00 (tratado por Sara Lopes, respondido)',
      'Também escreveu em 20/11/2026, 15:30 (ainda ninguém o assumiu)',
    ],
    [
      'de',
      'Schrieb auch am 03.12.2026, 10:00 (bearbeitet von Sara Lopes, beantwortet)',
      'Schrieb auch am 20.11.2026, 15:30 (noch von niemandem übernommen)',
    ],
  ] as const)('names when the visitor wrote before and who handles it (%s)', (language, a, b) => {
    render(EARLIER, language);
    const links = within(screen.getByTestId('earlier-enquiries')).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([a, b]);
  });

  it('links each to its card, keeping the list’s filters', () => {
    render(EARLIER);
    fireEvent.click(screen.getByRole('link', { name: /Sara Lopes/ }));
    expect(screen.getByTestId('address').textContent).toBe('?tab=contacts&q=welding&contact=12');
  });

  it('shows nothing for a first enquiry, or from a server that does not list them', () => {
    render([]);
    expect(screen.queryByTestId('earlier-enquiries')).toBeNull();
    cleanup();
    render(undefined);
    expect(screen.queryByTestId('earlier-enquiries')).toBeNull();
  });
});
