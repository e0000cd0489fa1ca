import { ipcMain } from 'electron';
import { CHANNELS } from '../lib/channels';
import type { createIpcRouter } from '../lib/ipc-router';

/** Wires every channel to the router, which checks the sender and the payload (zod) first. */
export function registerIpc(dispatch: ReturnType<typeof createIpcRouter>): void {
  for (const channel of Object.values(CHANNELS)) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      dispatch(channel, event.senderFrame?.url, payload),
    );
  }
}
