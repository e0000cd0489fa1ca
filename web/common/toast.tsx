import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
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

/** A toast as the mounted <Toaster> shows it when sonner's code cannot be fetched. */
type PlainToast = {
  kind: 'success' | 'error';
  title: string;
  description?: ReactNode;
  duration: number;
};
let showPlain: ((toast: PlainToast) => void) | undefined;

async function raise(show: (s: Sonner) => void, plain: PlainToast): Promise<void> {
  const module = await loadSonner().catch(() => undefined);
  // Sonner's code could not be fetched (the next toast tries again): this one is still said, plainly.
  if (!module) return showPlain?.(plain);
  toasterShown ??= showToaster?.();
  await toasterShown;
  show(module);
}

/**
 * The one toast system of the web. Toasts stack, last about 4.5 s, and errors
 * use the destructive style. Renders nothing until the first toast. They
 * rise from the bottom corner: at the top they covered the admin's language
 * select and "Logout" (and the site's sticky header) for their seconds.
 * When sonner's code cannot be fetched (a flaky connection, a server gone),
 * a toast is still shown, in a plain box of its own, never dropped.
 */
export function Toaster() {
  const [Impl, setImpl] = useState<ComponentType<ToasterProps> | null>(null);
  const [shown, setShown] = useState<(() => void) | null>(null);
  const plain = usePlainToasts();
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
  return (
    <>
      {Impl && (
        <Impl
          position="bottom-right"
          duration={4500}
          visibleToasts={5}
          richColors
          closeButton
          toastOptions={{ classNames: { toast: 'font-sans' } }}
        />
      )}
      {plain.length > 0 && (
        <div className="fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 font-sans text-sm">
          {plain.map(({ id, kind, title, description }) => (
            <div
              key={id}
              role={kind === 'error' ? 'alert' : 'status'}
              className={`rounded-lg border p-4 shadow-md ${kind === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-emerald-300 bg-emerald-50 text-emerald-900'}`}
            >
              <strong className="block">{title}</strong>
              {description}
            </div>
          ))}
        </div>
      )}
    </>
  );
}

/** The toasts raised while sonner's code could not be fetched, each for its duration. */
function usePlainToasts() {
  const [plain, setPlain] = useState<(PlainToast & { id: number })[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    showPlain = (toast) => {
      const id = next++;
      setPlain((current) => [...current, { ...toast, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setPlain((current) => current.filter((shown) => shown.id !== id));
      }, toast.duration);
      timers.add(timer);
    };
    return () => {
      showPlain = undefined;
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  return plain;
}

/** The one way to raise a toast, on the public site and in the admin. */
export const toast = {
  /** A success toast: its title, and a line of detail when there is one. */
  success(title: string, description?: string): void {
    void raise((s) => s.toast.success(title, { description }), {
      kind: 'success',
      title,
      description,
      duration: 4500,
    });
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
    void raise((s) => s.toast.error(title, { description, duration }), {
      kind: 'error',
      title,
      description,
      duration,
    });
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
