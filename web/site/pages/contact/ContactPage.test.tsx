import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CONTACT_HONEYPOT_FIELD } from '#shared/contact';
import type { Language } from '#shared/languages';
import { i18nFor } from '../../../common/i18n';
import { ContactPage } from './ContactPage';

const html = (language: Language) =>
  renderToString(
    <I18nextProvider i18n={i18nFor(language)}>
      <MemoryRouter initialEntries={['/contact']}>
        <ContactPage />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('ContactPage on the server', () => {
  it('renders the banner, the details and the whole form without JavaScript', () => {
    const page = html('en');
    expect(page).toContain('<h1');
    expect(page).toContain('Contact Us');
    expect(page).toContain('within 24 hours');
    expect(page).toContain('href="mailto:business@forge-industrial.pt"');
    expect(page).toContain('href="tel:+351220145870"');
    expect(page).toContain('4000-447');
    expect(page).toContain('Monday to Friday, 9:00 AM to 6:00 PM EST');
    expect(page.match(/required=""/g)).toHaveLength(3);
    expect(page).toContain('rows="5"');
    expect(page).toContain(`name="${CONTACT_HONEYPOT_FIELD}"`);
    expect(page).not.toContain('novalidate');
  });

  it('says under the form what the details are used for, with the way to the privacy notice', () => {
    expect(html('en')).toContain('We use your details only to answer your enquiry');
    expect(html('en')).toMatch(/<a[^>]*href="\/privacy"[^>]*>How we handle your data<\/a>/);
    expect(html('pt')).toContain('Como tratamos os seus dados');
    expect(html('de')).toContain('Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten');
  });

  it('is written in Portuguese and German', () => {
    expect(html('pt')).toContain('Contacte-nos');
    expect(html('pt')).toContain('Segunda a sexta-feira');
    expect(html('de')).toContain('Montag bis Freitag');
    expect(html('de')).toContain('Nachricht senden');
  });
});
