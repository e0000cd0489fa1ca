// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Contact } from '#shared/contact';
import { held, json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { forgetDrafts } from '../lib/drafts';
import { ReplyEditor } from './ReplyEditor';

quietToasts();
afterEach(() => {
  forgetDrafts();
  window.localStorage.clear();
});

const contact: Contact = {
  id: 7,
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  company: 'Weber GmbH',
  language: 'de',
  replied_at: null,
  spam: false,
  spam_reasons: [],
  message: 'Wir brauchen ein Angebot.',
  read: true,
  created_at: '2026-11-27T08:00:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2026-11-28T08:00:00.000Z',
  assignee: null,
};
const TEMPLATE = {
  greeting: 'Guten Tag Jonas Weber,',
  signature: 'Mit freundlichen Grüßen\nsam',
  quote_intro: 'Am 27.11.2026 schrieb Jonas Weber:',
};
const DRAFT = 'Guten Tag Jonas Weber,\n\nAI TEXT\n\nMit freundlichen Grüßen';
const OWN = 'Guten Tag,\n\nmein eigener, langer Text\n\nsam';

/** The editor with the model's answer held until the test releases it. */
function drafting() {
  const answer = held<Response>();
  stubModelApi(({ url }) => (url === '/api/llm/draft-reply' ? answer.promise : undefined));
  renderAdmin(<ReplyEditor contact={contact} template={TEMPLATE} mailEnabled aiEnabled />);
  const editor = screen.getByRole('textbox', { name: 'Your reply (in German)' });
  fireEvent.click(screen.getByRole('button', { name: 'Draft with AI' }));
  return { editor: editor as HTMLTextAreaElement, answer };
}

const arrive = async (answer: ReturnType<typeof drafting>['answer']) => {
  await act(async () => answer.release(json(200, { data: { message: DRAFT } })));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Drafting…' })).toBeNull());
};

describe('Draft with AI while the reply is being written', () => {
  it('keeps the reply read-only, busy and announced while the draft is on its way', async () => {
    const { editor, answer } = drafting();
    await screen.findByRole('button', { name: 'Drafting…' });
    expect(editor.readOnly).toBe(true);
    expect(editor.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(
      'The AI is drafting a reply. You can edit the text again once the draft has arrived.',
    );
    await arrive(answer);
    expect(editor.value).toBe(DRAFT);
    expect(editor.readOnly).toBe(false);
    expect(editor.getAttribute('aria-busy')).toBeNull();
  });

  it('asks before the draft replaces a text changed while it was on its way; no keeps the text', async () => {
    const { editor, answer } = drafting();
    await screen.findByRole('button', { name: 'Drafting…' });
    // Changed all the same (the same enquiry's reply is kept for every card of it).
    fireEvent.change(editor, { target: { value: OWN } });
    await arrive(answer);
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('Replace what you have written with a draft by the AI?');
    expect(editor.value).toBe(OWN);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep writing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(editor.value).toBe(OWN);
  });

  it('replaces the changed text with the draft when told yes', async () => {
    const { editor, answer } = drafting();
    await screen.findByRole('button', { name: 'Drafting…' });
    fireEvent.change(editor, { target: { value: OWN } });
    await arrive(answer);
    const ask = await screen.findByRole('alertdialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Replace with the draft' }));
    await waitFor(() => expect(editor.value).toBe(DRAFT));
  });
});
