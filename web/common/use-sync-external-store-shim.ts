/**
 * React 19 has `useSyncExternalStore` itself; the `use-sync-external-store`
 * shim that react-i18next imports for older Reacts is resolved to it here
 * (vite.config.ts), so the browser does not download a copy.
 */
export { useSyncExternalStore } from 'react';
