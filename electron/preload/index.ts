import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopBridge, DesktopSetupBridge } from '#shared/desktop';
import { CHANNELS } from '../lib/channels';

/**
 * The only doors from the pages into the shell: a few named calls, never the
 * raw ipcRenderer. The main process checks the sender and every payload.
 */

const desktop: DesktopBridge = {
  appVersion: () => ipcRenderer.invoke(CHANNELS.appVersion),
  language: () => ipcRenderer.invoke(CHANNELS.language),
  getServerUrl: () => ipcRenderer.invoke(CHANNELS.getServerUrl),
  notify: (notification) => ipcRenderer.invoke(CHANNELS.notify, notification),
};
contextBridge.exposeInMainWorld('desktop', desktop);

// The setup page's own calls exist only on that page (and main answers them only there).
if (window.location.pathname.replace(/\/+$/, '') === '/setup') {
  const setup: DesktopSetupBridge = {
    getServerUrl: () => ipcRenderer.invoke(CHANNELS.getServerUrl),
    connect: (url) => ipcRenderer.invoke(CHANNELS.setupConnect, url),
    retry: () => ipcRenderer.invoke(CHANNELS.setupRetry),
  };
  contextBridge.exposeInMainWorld('desktopSetup', setup);
}
