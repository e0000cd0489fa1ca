// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18nFor } from '../../common/i18n';
import { CrashScreen } from './CrashScreen';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(cleanup);

describe('CrashScreen', () => {
  it('replaces a page that throws while rendering, in the page language', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <CrashScreen /> },
    ]);
    render(
      <I18nextProvider i18n={i18nFor('de')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Unerwarteter Anwendungsfehler!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('uses the catalogue’s wording in English', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <CrashScreen /> },
    ]);
    render(
      <I18nextProvider i18n={i18nFor('en')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Unexpected Application Error!');
    vi.restoreAllMocks();
  });
});
