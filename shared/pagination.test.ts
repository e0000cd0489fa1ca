import { describe, expect, it } from 'vitest';
import { NEWS_PAGE_SIZE, pageCount, pageOffset, pageWindow, parsePageParam } from './pagination';

describe('pageCount and pageOffset', () => {
  it('counts at least one page and rounds up', () => {
    expect(pageCount(0, NEWS_PAGE_SIZE)).toBe(1);
    expect(pageCount(6, 6)).toBe(1);
    expect(pageCount(7, 6)).toBe(2);
    expect(pageCount(13, 6)).toBe(3);
  });

  it('offsets pages from one', () => {
    expect(pageOffset(1, 6)).toBe(0);
    expect(pageOffset(3, 6)).toBe(12);
  });
});

describe('pageWindow', () => {
  it('hides the control for a single page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres a window of five with shortcuts and ellipses', () => {
    expect(pageWindow(5, 10)).toEqual([1, 'start-ellipsis', 3, 4, 5, 6, 7, 'end-ellipsis', 10]);
  });

  it('pins the window to the start and the end', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
  });

  it('adds no ellipsis when the window touches the shortcut', () => {
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 7]);
  });

  it('clamps an out-of-range current page', () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(-2, 8)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 8]);
  });
});

describe('parsePageParam', () => {
  it('reads a whole number from 1 written in digits', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('7')).toBe(7);
    expect(parsePageParam('007')).toBe(7);
    expect(parsePageParam('999999999')).toBe(999999999);
  });

  it.each([null, undefined, '', '0', '-2', '2.5', '1e3', ' 2', '2 ', 'abc', '0x10', '1000000000'])(
    'reads %j as page 1',
    (raw) => {
      expect(parsePageParam(raw)).toBe(1);
    },
  );
});
