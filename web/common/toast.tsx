import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import type { Translate } from '#shared/languages';
import { errorMessage } from './api';
// Sonner also injects these rules with a <style> tag, which the CSP (style-src 'self') blocks.
import 'sonner/dist/styles.css';
// Darker rich-colour texts so toasts meet WCAG AA contrast.
import './toast.css';

/**
 * The one toast system of the web. Toasts stack, last about 4.5 s, and errors
 * use the destructive style.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
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
    sonner.success(title, { description });
  },
  /** A destructive toast titled 'Error' (in the current language) saying `message`. */
  error(t: Translate, message: string): void {
    sonner.error(t('errors.title'), { description: message, duration: 5000 });
  },
  /** The toast of a failed call: the server's message, else the text of `fallbackKey`. */
  failure(t: Translate, error: unknown, fallbackKey: string): void {
    toast.error(t, errorMessage(error, t, fallbackKey));
  },
  /** Clears every toast on screen, e.g. old errors once the admin has signed in. */
  dismissAll(): void {
    sonner.dismiss();
  },
};
