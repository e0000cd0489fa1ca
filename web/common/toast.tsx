import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import type { Translate } from '#shared/languages';
import type * as SonnerModule from './sonner-styled';

type Sonner = typeof SonnerModule;

/**
 * Sonner, with its stylesheet, is fetched the first time a toast is raised,
 * not with the page: most visits never see one, and its code is a fifth of a
 * page's budget.
 */
let sonner: Promise<Sonner> | undefined;
const loadSonner = () =>
  (sonner ??= import('./sonner-styled').catch((error: unknown) => {
    // Never kept: a flaky connection must not silence every later toast.
    sonner = undefined;
    throw error;
  }));

/** Resolves once a mounted <Toaster> shows sonner's toaster, so no toast is raised unseen. */
let toasterShown: Promise<void> | undefined;
let showToaster: (() => Promise<void>) | undefined;

async function raise(show: (s: Sonner) => void): Promise<void> {
  // Sonner's code could not be fetched: this toast is lost (the next one tries again).
  const module = await loadSonner().catch(() => undefined);
  if (!module) return;
  toasterShown ??= showToaster?.();
  await toasterShown;
  show(module);
}

/**
 * The one toast system of the web. Toasts stack, last about 4.5 s, and errors
 * use the destructive style. Renders nothing until the first toast. They
 * rise from the bottom corner: at the top they covered the admin's language
 * select and "Logout" (and the site's sticky header) for their seconds.
 */
export function Toaster() {
  const [Impl, setImpl] = useState<ComponentType<ToasterProps> | null>(null);
  const [shown, setShown] = useState<(() => void) | null>(null);
  useEffect(() => {
    showToaster = () =>
      new Promise<void>((resolve) => {
        void loadSonner().then((module) => {
          setShown(() => resolve);
          setImpl(() => module.Toaster);
        });
      });
    return () => {
      showToaster = undefined;
      toasterShown = undefined;
    };
  }, []);
  useEffect(() => {
    if (Impl && shown) shown();
  }, [Impl, shown]);
  if (!Impl) return null;
  return (
    <Impl
      position="bottom-right"
      duration={4500}
      visibleToasts={5}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
    />
  );
}

/** The one way to raise a toast, on the public site and in the admin. */
export const toast = {
  /** A success toast: its title, and a line of detail when there is one. */
  success(title: string, description?: string): void {
    void raise((s) => s.toast.success(title, { description }));
  },
  /**
   * A destructive toast titled 'Error' (in the current language) saying
   * `message`, and the server's reference for the failure when it gave one.
   */
  error(t: Translate, message: string, reference?: string): void {
    const title = t('errors.title');
    const description = reference ? (
      <>
        {message}
        <span className="block">{t('errors.reference', { id: reference })}</span>
      </>
    ) : (
      message
    );
    // Longer with a reference: staff copy it down (hovering also holds a toast).
    const duration = reference ? 10_000 : 5000;
    void raise((s) => s.toast.error(title, { description, duration }));
  },
  /** The toast of a failed call: the server's message (and reference), else the text of `fallbackKey`. */
  failure(t: Translate, error: unknown, fallbackKey: string): void {
    import('./api').then(
      ({ errorMessage, ApiError }) =>
        toast.error(
          t,
          errorMessage(error, t, fallbackKey),
          error instanceof ApiError ? error.reference : undefined,
        ),
      // The wrapper's code could not be fetched either: the fallback text still tells.
      () => toast.error(t, t(fallbackKey)),
    );
  },
  /** Clears every toast on screen, e.g. old errors once the admin has signed in. */
  dismissAll(): void {
    if (sonner) void sonner.then((s) => s.toast.dismiss());
  },
};
