// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact, ContactDetail } from '#shared/contact';
import { toast } from '../../../../common/toast';
import { json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import {
  draftsOf,
  forgetDrafts,
  keepReplyDraft,
  movingToSpam,
  openReply,
  replyDraft,
  useOpenReplies,
} from '../lib/drafts';
import { OpenReplies } from './OpenReplies';

quietToasts();
beforeEach(() => draftsOf('sam'));
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
  message: 'Wir brauchen ein Angebot für eine Schweißzelle.',
  read: true,
  created_at: '2026-11-27T08:00:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2099-11-28T08:00:00.000Z',
  assignee: null,
};
const detail = (c: Contact): ContactDetail => ({
  ...c,
  thread: [{ kind: 'enquiry', at: c.created_at, by: null, by_name: null, text: c.message }],
});
const TO_SPAM = 'Guten Tag Jonas Weber,\n\nein langer Text an Jonas.\n\nsam';
const TO_DELETED = 'Olá Ana,\n\num texto longo para a Ana.\n\nsam';
const ANSWERED = 'Hello Lee,\n\na reply still to send.\n\nsam';

/**
 * sam's replies kept on this machine: to enquiry 7 (open; a colleague moved
 * it to the spam folder), to 8 (a colleague deleted it; its editor not
 * open, as after a reload) and to 9 (still in the inbox, on another page).
 */
function kept() {
  keepReplyDraft(7, TO_SPAM);
  openReply(7);
  keepReplyDraft(8, TO_DELETED);
  keepReplyDraft(9, ANSWERED);
  stubModelApi(({ url }) => {
    if (url === '/api/contacts/7') return json(200, { data: detail({ ...contact, spam: true }) });
    if (url === '/api/contacts/8') return json(404, { error: 'Enquiry not found' });
    if (url === '/api/contacts/9')
      return json(200, { data: detail({ ...contact, id: 9, name: 'Lee Chan' }) });
    return undefined;
  });
}

const actions = { onToggleSpam: vi.fn() };
/** Where the open replies are now (what "Not spam" opens shows here). */
let openNow: readonly number[] = [];
function Probe() {
  openNow = useOpenReplies();
  return null;
}
function show() {
  renderAdmin(
    <>
      <OpenReplies
        ids={[7, 8, 9]}
        now={new Date('2026-11-27T09:00:00.000Z')}
        pendingId={null}
        actions={() => ({
          onToggleRead: () => undefined,
          onToggleReplied: () => undefined,
          onToggleSpam: actions.onToggleSpam,
          onDelete: () => undefined,
        })}
      />
      <Probe />
    </>,
  );
  return screen.findByRole('region', { name: 'Open for a reply, no longer in this list' });
}

const keptReplies = async () => {
  await waitFor(() => expect(screen.getAllByTestId('kept-reply')).toHaveLength(2));
  return screen.getAllByTestId('kept-reply');
};

describe('a reply whose enquiry left the inbox under its writer’s hands', () => {
  it('is listed with why and its text: moved to spam by a colleague, or deleted', async () => {
    kept();
    await show();
    const [spam, deleted] = await keptReplies();
    expect(within(spam!).getByRole('heading').textContent).toBe(
      'Your reply to Jonas Weber (jonas@example.de)',
    );
    expect(spam!.textContent).toContain('Moved to spam by a colleague; your reply is kept');
    expect(
      within(spam!)
        .getByText(/ein langer Text an Jonas\./)
        .getAttribute('lang'),
    ).toBe('de');
    expect(within(deleted!).getByRole('heading').textContent).toBe(
      'Your reply to a deleted enquiry',
    );
    expect(deleted!.textContent).toContain('Deleted by a colleague; your reply is kept');
    expect(within(deleted!).getByText(/um texto longo para a Ana\./)).toBeTruthy();
    // Only spam can be taken back; a deleted enquiry cannot.
    expect(within(spam!).getByRole('button', { name: 'Not spam: Jonas Weber' })).toBeTruthy();
    expect(within(deleted!).queryByRole('button', { name: /Not spam/ })).toBeNull();
    // The reply to an enquiry still in the inbox is not listed here (its card has it).
    expect(screen.queryByText(/a reply still to send/)).toBeNull();
  });

  it('says so when the writer moved it to spam from this page', async () => {
    kept();
    movingToSpam(7);
    await show();
    const [spam] = await keptReplies();
    expect(spam!.textContent).toContain('You moved this enquiry to spam; your reply is kept');
  });

  it('can be copied, or discarded after a question', async () => {
    kept();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await show();
    const [, deleted] = await keptReplies();
    fireEvent.click(within(deleted!).getByRole('button', { name: 'Copy reply' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reply copied'));
    expect(writeText).toHaveBeenCalledWith(TO_DELETED);

    fireEvent.click(within(deleted!).getByRole('button', { name: 'Discard reply' }));
    const ask = await screen.findByRole('alertdialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(replyDraft(8)).toBe(TO_DELETED);
    fireEvent.click(within(deleted!).getByRole('button', { name: 'Discard reply' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard reply' }),
    );
    expect(replyDraft(8)).toBeUndefined();
    await waitFor(() => expect(screen.getAllByTestId('kept-reply')).toHaveLength(1));
    expect(replyDraft(7)).toBe(TO_SPAM);
  });

  it('without a clipboard, says to copy the text by hand', async () => {
    kept();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    await show();
    const [spam] = await keptReplies();
    fireEvent.click(within(spam!).getByRole('button', { name: /^Copy reply/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        expect.anything(),
        'The reply could not be copied: select the text and copy it yourself',
        undefined,
      ),
    );
  });

  it('Not spam takes the enquiry out of the spam folder and opens it with the reply', async () => {
    kept();
    await show();
    const [spam] = await keptReplies();
    fireEvent.click(within(spam!).getByRole('button', { name: 'Not spam: Jonas Weber' }));
    expect(actions.onToggleSpam).toHaveBeenCalledOnce();
    expect(openNow).toContain(7);
    expect(replyDraft(7)).toBe(TO_SPAM);
  });
});
