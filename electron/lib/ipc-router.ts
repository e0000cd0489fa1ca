import { z } from 'zod';
import type { ConnectResult } from '#shared/desktop';
import type { Language } from '#shared/languages';
import { CHANNELS, type Channel } from './channels';
import { isSetupSender, isTrustedSender } from './security';

/**
 * Every IPC call goes through here: the sender frame must be one of our
 * pages, setup channels only answer the setup page, and the payload must
 * match its zod schema before any handler runs.
 */

const NoPayload = z.undefined();
const ServerUrlPayload = z.string().trim().min(1).max(2048);
const NotificationPayload = z.strictObject({
  title: z.string().trim().min(1).max(120),
  body: z.string().max(500).optional(),
});

export const IPC_SCHEMAS = {
  [CHANNELS.appVersion]: NoPayload,
  [CHANNELS.language]: NoPayload,
  [CHANNELS.getServerUrl]: NoPayload,
  [CHANNELS.notify]: NotificationPayload,
  [CHANNELS.setupConnect]: ServerUrlPayload,
  [CHANNELS.setupRetry]: NoPayload,
} satisfies Record<Channel, z.ZodType>;

const SETUP_ONLY = new Set<Channel>([CHANNELS.setupConnect, CHANNELS.setupRetry]);

export type IpcHandlers = {
  appVersion(): string;
  language(): Language;
  getServerUrl(): string | null;
  notify(n: z.output<typeof NotificationPayload>): void;
  setupConnect(url: string): Promise<ConnectResult>;
  setupRetry(): Promise<ConnectResult>;
};

export class IpcRejected extends Error {
  override name = 'IpcRejected';
}

export function createIpcRouter(handlers: IpcHandlers) {
  const run: Record<Channel, (payload: never) => unknown> = {
    [CHANNELS.appVersion]: () => handlers.appVersion(),
    [CHANNELS.language]: () => handlers.language(),
    [CHANNELS.getServerUrl]: () => handlers.getServerUrl(),
    [CHANNELS.notify]: (n: z.output<typeof NotificationPayload>) => handlers.notify(n),
    [CHANNELS.setupConnect]: (url: string) => handlers.setupConnect(url),
    [CHANNELS.setupRetry]: () => handlers.setupRetry(),
  };

  return async function dispatch(
    channel: Channel,
    senderUrl: string | null | undefined,
    payload: unknown,
  ) {
    if (!isTrustedSender(senderUrl)) throw new IpcRejected(`Refused ${channel}: untrusted sender`);
    if (SETUP_ONLY.has(channel) && !isSetupSender(senderUrl))
      throw new IpcRejected(`Refused ${channel}: not the setup page`);
    const parsed = IPC_SCHEMAS[channel].safeParse(payload);
    if (!parsed.success) throw new IpcRejected(`Refused ${channel}: invalid payload`);
    return run[channel](parsed.data as never);
  };
}
