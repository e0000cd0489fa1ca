import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, sourceHash, sourceText } from './source-hash';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the source hash', () => {
  it('is the SHA-256 that node:crypto computes, for empty, block-edge, long and non-ASCII texts', () => {
    const samples = [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'x'.repeat(100_000),
      'Título\nResumo com ç e ã\n## Überschrift 🤖 Größe',
    ];
    for (const text of samples) expect(sha256Hex(text)).toBe(nodeSha(text));
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('hashes title, excerpt and content joined by line breaks, as they are stored', () => {
    const text = { title: ' Title ', excerpt: 'Excerpt\r\n', content: 'Line one\r\nline two' };
    expect(sourceText(text)).toBe('Title\nExcerpt\nLine one\nline two');
    expect(sourceHash(text)).toBe(nodeSha('Title\nExcerpt\nLine one\nline two'));
    expect(sourceHash({ title: 'A', excerpt: null, content: 'B' })).toBe(nodeSha('A\n\nB'));
  });
});
