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
    versions: { de: '2026-01-05T10:00:00.000Z' },
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
    expect(puts(calls)[0]).toEqual({
      values: {
        'home.hero.title': { en: 'Robots that pay for themselves' },
        'contact.details.phone': { de: null },
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
