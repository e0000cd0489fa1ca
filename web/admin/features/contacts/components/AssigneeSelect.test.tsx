// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Contact } from '#shared/contact';
import { json, stubModelApi } from '../../../test/llm-api';
import { renderAdmin } from '../../../test/render';
import { AssigneeSelect } from './AssigneeSelect';
import { ContactsToolbar } from './ContactsToolbar';

afterEach(cleanup);

const contact: Contact = {
  id: 7,
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  company: null,
  language: 'de',
  replied_at: null,
  spam: false,
  spam_reasons: [],
  message: 'Wir brauchen ein Angebot für eine Schweißzelle.',
  read: true,
  created_at: '2026-11-27T08:00:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2026-11-28T08:00:00.000Z',
  assignee: null,
};

const options = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => o.textContent);

/**
 * "Nobody" is a choice of who handles an enquiry (nominative) and, in the
 * list's filter, whom it is assigned to (German: accusative after "an", like "Mich").
 */
describe('nobody, as the owner of an enquiry and in the filter', () => {
  it.each([
    ['en', 'Handled by: Jonas Weber', 'Nobody', 'Assigned to', 'Nobody'],
    ['pt', 'Tratado por: Jonas Weber', 'Ninguém', 'Atribuído a', 'Ninguém'],
    ['de', 'Bearbeitet von: Jonas Weber', 'Niemand', 'Zugewiesen an', 'Niemanden'],
  ] as const)('reads right in %s', async (language, owner, nobody, filter, unassigned) => {
    stubModelApi(({ url }) =>
      url === '/api/users/staff' ? json(200, { data: [{ id: 4, username: 'sam' }] }) : undefined,
    );
    renderAdmin(<AssigneeSelect contact={contact} />, { language });
    expect(options(await screen.findByRole('combobox', { name: owner }))[0]).toBe(nobody);
    cleanup();

    renderAdmin(<ContactsToolbar query={{}} onChange={() => undefined} counts={null} />, {
      language,
    });
    expect(options(screen.getByRole('combobox', { name: filter })).at(-1)).toBe(unassigned);
  });
});

describe('the owner of an enquiry', () => {
  it('is shown by the display name the enquiry carries, also once off the staff list', async () => {
    stubModelApi(({ url }) =>
      url === '/api/users/staff'
        ? json(200, { data: [{ id: 4, username: 'sam', name: 'Sam Costa' }] })
        : undefined,
    );
    const owned: Contact = {
      ...contact,
      assignee: { id: 9, username: 'jsilva', name: 'Joana Silva' },
    };
    renderAdmin(<AssigneeSelect contact={owned} />, { language: 'en' });
    const select = await screen.findByRole('combobox', { name: 'Handled by: Jonas Weber' });
    await screen.findByRole('option', { name: 'Sam Costa (sam)' });
    expect(options(select)).toEqual(['Nobody', 'Sam Costa (sam)', 'Joana Silva (jsilva)']);
    expect((select as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'Joana Silva (jsilva)',
    );
  });
});
