// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SiteText } from '#shared/site-texts';
import { held, json, stubModelApi, type ApiCall } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { leavingIsQuestioned } from '../../../test/leave';
import { renderAdmin } from '../../../test/render';
import { useSiteTextsQuery } from '../api/site-texts.queries';
import { SiteTextsEditor } from './SiteTextsEditor';

quietToasts();

/** When the German phone number the screen opens with was saved: its version. */
const OPENED = '2026-01-05T10:00:00.000Z';

const TEXTS: SiteText[] = [
  {
    key: 'home.hero.title',
    defaults: {
      en: 'Intelligent machines',
      pt: 'Máquinas inteligentes',
      de: 'Intelligente Maschinen',
    },
    values: {},
    versions: {},
  },
  {
    key: 'contact.details.phone',
    defaults: { en: '+351 220 145 870', pt: '+351 220 145 870', de: '+351 220 145 870' },
    values: { de: '+49 30 1234 5678' },
    versions: { de: OPENED },
  },
  {
    key: 'footer.copyright',
    defaults: {
      en: '© {{year}} {{name}}.',
      pt: '© {{year}} {{name}}.',
      de: '© {{year}} {{name}}.',
    },
    values: {},
    versions: {},
  },
];

/** The API the screen talks to: saves echo the texts, previews draw a page, the model tags its drafts. */
function api(route: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined) {
  return stubModelApi((call) => {
    const answer = route(call);
    if (answer) return answer;
    if (call.url === '/api/site/preview') return json(200, { data: { html: '<p>page</p>' } });
    if (call.url === '/api/site/texts') return json(200, { data: { texts: TEXTS } });
    if (call.url === '/api/llm/translate-texts') {
      const to = call.body?.to as string[];
      const texts = call.body?.texts as Record<string, string>;
      const drafts = (l: string) =>
        Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, `[${l}] ${v}`]));
      return json(200, {
        data: { translations: Object.fromEntries(to.map((l) => [l, drafts(l)])) },
      });
    }
    return undefined;
  });
}

const open = (ai = true) =>
  renderAdmin(
    <MemoryRouter>
      <SiteTextsEditor texts={TEXTS} aiAvailable={ai} siteLinks />
    </MemoryRouter>,
  );
const field = (key: string, language: string) =>
  document.getElementById(`text-${key.replace(/\./g, '-')}-${language}`) as HTMLTextAreaElement;
const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('the site texts screen', () => {
  it('shows each text in three languages, the catalogue text as placeholder, and saves only what changed', async () => {
    const calls = api();
    open();
    expect(screen.getByRole('heading', { name: 'Home: hero' })).toBeTruthy();
    const title = field('home.hero.title', 'en');
    expect(title.placeholder).toBe('Intelligent machines');
    expect(title.value).toBe('');
    fireEvent.change(title, { target: { value: 'Robots that pay for themselves' } });
    expect(screen.getByText('Not saved yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Contact: details/ }));
    expect(field('contact.details.phone', 'de').value).toBe('+49 30 1234 5678');
    fireEvent.click(screen.getByRole('button', { name: 'Use the default text in German' }));
    expect(screen.getByText('2 unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    // Each change names the version it was made on: none for a catalogue text.
    expect(puts(calls)[0]).toEqual({
      values: {
        'home.hero.title': { en: 'Robots that pay for themselves' },
        'contact.details.phone': { de: null },
      },
      versions: {
        'home.hero.title': { en: null },
        'contact.details.phone': { de: OPENED },
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull(),
    );
  });

  it('asks before a reload or closing the window loses unsaved texts, not after Discard', () => {
    api();
    open();
    expect(leavingIsQuestioned()).toBe(false);
    fireEvent.change(field('home.hero.title', 'en'), { target: { value: 'Robots' } });
    expect(leavingIsQuestioned()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(leavingIsQuestioned()).toBe(false);
  });

  it('will not save a text that loses a placeholder, and shows what the server refused', async () => {
    const calls = api((call) =>
      call.method === 'PUT'
        ? json(400, {
            error: 'This text cannot be edited here',
            details: { 'values.home.hero.title.pt': 'At most 2,000 characters' },
          })
        : undefined,
    );
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Footer' }));
    const copyright = field('footer.copyright', 'pt');
    fireEvent.change(copyright, { target: { value: '© Forge Industrial' } });
    expect(
      screen.getByText('Keep the placeholders of the default text: {{year}}, {{name}}'),
    ).toBeTruthy();
    expect(copyright.getAttribute('aria-invalid')).toBe('true');
    expect(
      (screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(copyright, { target: { value: '© {{year}} {{name}}, Porto.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Home: hero' }));
    fireEvent.change(field('home.hero.title', 'pt'), { target: { value: 'x'.repeat(10) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('At most 2,000 characters')).toBeTruthy();
    expect(puts(calls)).toHaveLength(1);
    expect(screen.getByText('2 unsaved changes')).toBeTruthy();
  });

  it('drafts the missing languages with AI for review, never replacing a typed text', async () => {
    const calls = api();
    open();
    const panel = screen.getByRole('region', { name: 'Home: hero' });
    const translate = within(panel).getByRole('button', {
      name: 'Translate with AI',
    }) as HTMLButtonElement;
    expect(translate.disabled).toBe(true);
    fireEvent.change(field('home.hero.title', 'en'), { target: { value: 'Robots at work' } });
    fireEvent.change(field('home.hero.title', 'de'), { target: { value: 'Roboter im Einsatz' } });
    fireEvent.click(translate);
    await waitFor(() => expect(field('home.hero.title', 'pt').value).toBe('[pt] Robots at work'));
    const request = calls.find((c) => c.url === '/api/llm/translate-texts')!.body;
    expect(request).toEqual({
      from: 'en',
      to: ['pt'],
      texts: { 'home.hero.title': 'Robots at work' },
    });
    expect(field('home.hero.title', 'de').value).toBe('Roboter im Einsatz');
    expect(screen.getByText('AI draft: check it before saving')).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });

  it('keeps what is typed while a save is on its way, still unsaved, and drops only what was saved', async () => {
    const answer = held<Response>();
    const saved: SiteText = {
      ...TEXTS[0]!,
      values: { en: 'Robots that pay for themselves', pt: 'Robôs' },
    };
    api((call) => (call.method === 'PUT' ? answer.promise : undefined));
    // As the page has it: the texts come from the cache the save's answer goes into.
    function Page() {
      const texts = useSiteTextsQuery();
      return texts.data ? <SiteTextsEditor texts={texts.data.texts} aiAvailable siteLinks /> : null;
    }
    renderAdmin(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    const title = (language: string) => field('home.hero.title', language);
    const status = (language: string) =>
      document.getElementById(`text-home-hero-title-${language}-status`)!.textContent;
    await waitFor(() => expect(title('en')).toBeTruthy());
    fireEvent.change(title('en'), { target: { value: 'Robots that pay for themselves' } });
    fireEvent.change(title('pt'), { target: { value: 'Robôs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Saving...' });
    // Typed while the save is on its way: a text it did not carry, and a sent one changed again.
    fireEvent.change(title('de'), { target: { value: 'Roboter, die sich rechnen' } });
    fireEvent.change(title('pt'), { target: { value: 'Robôs que se pagam' } });
    answer.release(json(200, { data: { texts: [saved, ...TEXTS.slice(1)] } }));
    await waitFor(() => expect(screen.getByText('2 unsaved changes')).toBeTruthy());
    expect(title('en').value).toBe('Robots that pay for themselves');
    expect(status('en')).toBe('Changed');
    expect(title('pt').value).toBe('Robôs que se pagam');
    expect(status('pt')).toBe('Not saved yet');
    expect(title('de').value).toBe('Roboter, die sich rechnen');
    expect(status('de')).toBe('Not saved yet');
  });

  it('offers no AI without a model, and links each group to its page on the site', () => {
    api();
    open(false);
    expect(screen.queryByRole('button', { name: 'Translate with AI' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Contact: details/ }));
    const link = screen.getByRole('link', { name: /View on site/ });
    expect(link.getAttribute('href')).toBe('/en/contact');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('a save over texts a colleague changed meanwhile', () => {
  const PHONE = 'contact.details.phone';
  const THEIRS = '+49 89 000 000';
  const THEIR_VERSION = '2026-01-06T08:30:00.000Z';
  /** The server's 409: the colleague's number, named by field. */
  const refused = () =>
    json(409, {
      error:
        'A colleague saved some of these texts after you opened them, so your changes were not saved.',
      details: { [`values.${PHONE}.de`]: 'A colleague changed this text after you opened it' },
      current: [{ key: PHONE, language: 'de', value: THEIRS, updated_at: THEIR_VERSION }],
    });
  /** The texts as the colleague left them. */
  const afterTheirs: SiteText[] = TEXTS.map((text) =>
    text.key === PHONE
      ? { ...text, values: { de: THEIRS }, versions: { de: THEIR_VERSION } }
      : text,
  );

  /** The screen as the page has it: its texts come from the query cache. */
  function Page() {
    const texts = useSiteTextsQuery();
    return texts.data ? <SiteTextsEditor texts={texts.data.texts} aiAvailable siteLinks /> : null;
  }
  const openPage = async () => {
    const rendered = renderAdmin(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    await waitFor(() => expect(field('home.hero.title', 'en')).toBeTruthy());
    return rendered;
  };
  const typeMine = () => {
    fireEvent.change(field('home.hero.title', 'en'), { target: { value: 'Robots' } });
    fireEvent.click(screen.getByRole('button', { name: /^Contact: details/ }));
    fireEvent.change(field(PHONE, 'de'), { target: { value: '+49 40 555 555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  };

  it('shows which texts changed, theirs and mine, keeps mine as typed, and "Save anyway" saves over theirs', async () => {
    let answers = 0;
    const calls = api((call) =>
      call.method === 'PUT' ? (answers++ === 0 ? refused() : undefined) : undefined,
    );
    open();
    typeMine();
    const dialog = await screen.findByRole('alertdialog', { name: 'Changed by a colleague' });
    expect(
      within(dialog).getByText(
        'A colleague saved some of these texts after you opened them, so your changes were not saved.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Contact: details › Phone number · Deutsch')).toBeTruthy();
    const compared = within(dialog).getAllByRole('definition');
    expect(compared.map((d) => d.textContent)).toEqual([THEIRS, '+49 40 555 555']);
    // Behind it, the field keeps what was typed, marked.
    expect(field(PHONE, 'de').value).toBe('+49 40 555 555');
    expect(screen.getByText('A colleague changed this text after you opened it')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    // The same changes, now over the colleague's version: a third change would still be refused.
    expect(puts(calls)[1]).toEqual({
      values: { 'home.hero.title': { en: 'Robots' }, [PHONE]: { de: '+49 40 555 555' } },
      versions: { 'home.hero.title': { en: null }, [PHONE]: { de: THEIR_VERSION } },
    });
    expect(puts(calls)[0]).toEqual({
      ...puts(calls)[1],
      versions: {
        'home.hero.title': { en: null },
        [PHONE]: { de: OPENED },
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull(),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('"Use their texts" shows theirs in place of mine and keeps my other changes unsaved', async () => {
    let saved = TEXTS;
    const calls = api((call) => {
      if (call.method === 'PUT') {
        saved = afterTheirs;
        return refused();
      }
      if (call.url === '/api/site/texts') return json(200, { data: { texts: saved } });
      return undefined;
    });
    await openPage();
    typeMine();
    const dialog = await screen.findByRole('alertdialog', { name: 'Changed by a colleague' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use their texts' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(field(PHONE, 'de').value).toBe(THEIRS));
    expect(document.getElementById('text-contact-details-phone-de-status')!.textContent).toBe(
      'Changed',
    );
    expect(screen.queryByText('A colleague changed this text after you opened it')).toBeNull();
    expect(screen.getByText('1 unsaved change')).toBeTruthy();
    expect(puts(calls)).toHaveLength(1);

    // My other change, saved now, names only itself.
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({
      values: { 'home.hero.title': { en: 'Robots' } },
      versions: { 'home.hero.title': { en: null } },
    });
  });

  it('names the version a text was opened at, even after the texts are read again with theirs', async () => {
    let saved = TEXTS;
    const calls = api((call) =>
      call.url === '/api/site/texts' && call.method === 'GET'
        ? json(200, { data: { texts: saved } })
        : call.method === 'PUT'
          ? refused()
          : undefined,
    );
    const { queryClient } = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /^Contact: details/ }));
    fireEvent.change(field(PHONE, 'de'), { target: { value: '+49 40 555 555' } });
    // The colleague saves; the screen reads the texts again (a refocus, another save).
    saved = afterTheirs;
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/site/texts' && c.method === 'GET')).toHaveLength(
        2,
      ),
    );
    expect(field(PHONE, 'de').value).toBe('+49 40 555 555');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.versions).toEqual({ [PHONE]: { de: OPENED } });
    expect(await screen.findByRole('alertdialog', { name: 'Changed by a colleague' })).toBeTruthy();
  });
});
