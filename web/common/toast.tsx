import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
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

export const toast = {
  success(title: string, description?: string) {
    sonner.success(title, { description });
  },
  error(title: string, description?: string) {
    sonner.error(title, { description, duration: 5000 });
  },
};
