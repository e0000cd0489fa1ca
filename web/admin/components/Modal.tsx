import { X } from 'lucide-react';
import {
  useId,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../hooks/useFocusTrap';

type Props = {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'xl';
  role?: 'dialog' | 'alertdialog';
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** While busy, Escape, the backdrop and the close button do nothing. */
  busy?: boolean;
  /** False for a question that must be answered by one of its own buttons: no close button, Escape and the backdrop do nothing. */
  closable?: boolean;
};

const widths = { sm: 'max-w-md', md: 'max-w-2xl', xl: 'max-w-6xl' };
let openCount = 0;
const watchers = new Set<() => void>();
const subscribe = (watcher: () => void) => {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
};
const opened = (by: 1 | -1) => {
  openCount += by;
  for (const watcher of watchers) watcher();
};

/** True while a dialog is open over the page (what it holds must not be unmounted under it). */
export const useDialogOpen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => openCount > 0,
    () => false,
  );

/** An accessible modal dialog: labelled, focus trapped, the page behind made inert. */
export function Modal({
  title,
  description,
  onClose,
  children,
  size = 'md',
  role = 'dialog',
  returnFocusTo,
  busy,
  closable = true,
}: Props) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    if (!busy && closable) onClose();
  };
  // A layout effect: when a dialog and the one opened over it close together,
  // the page is interactive again before either gives focus back into it.
  useLayoutEffect(() => {
    const app = document.getElementById('admin-app');
    opened(1);
    app?.setAttribute('inert', '');
    document.body.style.overflow = 'hidden';
    return () => {
      opened(-1);
      if (openCount === 0) {
        app?.removeAttribute('inert');
        document.body.style.overflow = '';
      }
    };
  }, []);
  // After the inert effect, so on close the page is interactive again before focus returns to it.
  useFocusTrap(panel, true, close, returnFocusTo);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-navy-900/50 p-4 sm:p-8">
      <div className="fixed inset-0" aria-hidden="true" onClick={close} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative w-full ${widths[size]} rounded-xl bg-white shadow-2xl`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            )}
          </div>
          {closable && (
            <button
              type="button"
              onClick={close}
              disabled={busy}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">{t('admin.common.close')}</span>
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
