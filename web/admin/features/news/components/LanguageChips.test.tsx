// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Article } from '#shared/news';
import { renderAdmin } from '../../../test/render';
import { LanguageChips } from './LanguageChips';

afterEach(cleanup);

const article: Article = {
  id: 7,
  title: 'Célula',
  excerpt: 'Resumo',
  content: 'Corpo',
  category: 'Robotics',
  slug: 'celula',
  image_url: null,
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  published: true,
  published_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  language: 'pt',
  source_language: 'pt',
  languages: ['en', 'pt'],
  translations: {
    en: {
      title: 'Cell',
      excerpt: 'S',
      content: 'B',
      image_alt: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      updated_at: '2025-01-01T00:00:00.000Z',
      outdated: true,
      published: true,
      source_hash: null,
    },
  },
};

describe('LanguageChips', () => {
  it('shows EN PT DE with the source, an outdated translation and a missing one', () => {
    renderAdmin(<LanguageChips article={article} />);
    const list = screen.getByRole('list', { name: 'Language versions' });
    const chips = [...list.querySelectorAll('li')];
    expect(chips.map((chip) => [chip.dataset.language, chip.dataset.state])).toEqual([
      ['en', 'outdated'],
      ['pt', 'published'],
      ['de', 'missing'],
    ]);
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'EN !English: outdated: made from an older source text',
      'PT ✓Português: published (Source)',
      'DE –Deutsch: missing',
    ]);
  });

  it('reads EN ✓ PT draft DE – for a translation kept as a draft', () => {
    const pt = { ...article.translations!.en!, outdated: false, published: false };
    renderAdmin(
      <LanguageChips
        article={{
          ...article,
          source_language: 'en',
          languages: ['en', 'pt'],
          translations: { pt },
        }}
      />,
    );
    const chips = [...screen.getByRole('list', { name: 'Language versions' }).children];
    expect(chips.map((chip) => chip.querySelector('[aria-hidden]')?.textContent)).toEqual([
      'EN ✓',
      'PT draft',
      'DE –',
    ]);
  });
});
