import { describe, expect, it } from 'vitest';
import { PageInputSchema } from './page-schema';

const page = { title: 'Careers', content: 'We hire.', slug: 'careers', nav: 'header' };

describe('PageInputSchema', () => {
  it('leaves out a position the write does not name: an update keeps the stored one', () => {
    const parsed = PageInputSchema.parse(page);
    expect(parsed).not.toHaveProperty('position');
  });

  it('keeps a position the write names', () => {
    expect(PageInputSchema.parse({ ...page, position: 3 }).position).toBe(3);
  });
});
