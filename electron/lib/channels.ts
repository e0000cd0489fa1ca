/** IPC channel names, shared by the preload script and the main process (no dependencies: the sandboxed preload imports it). */
export const CHANNELS = {
  appVersion: 'desktop:app-version',
  language: 'desktop:language',
  getServerUrl: 'desktop:server-url:get',
  notify: 'desktop:notify',
  setupConnect: 'desktop:setup:connect',
  setupRetry: 'desktop:setup:retry',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];
