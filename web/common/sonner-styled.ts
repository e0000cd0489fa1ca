/**
 * Sonner with its stylesheet, fetched together the first time a toast is
 * raised: the rules travel with the code that needs them instead of in every
 * page's render-blocking stylesheet (about 13 kB of CSS most visits never use).
 */
// Sonner also injects these rules with a <style> tag, which the CSP (style-src 'self') blocks.
import 'sonner/dist/styles.css';
// Darker rich-colour texts so toasts meet WCAG AA contrast.
import './toast.css';

export * from 'sonner';
