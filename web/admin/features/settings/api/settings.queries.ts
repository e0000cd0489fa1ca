import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '#shared/settings';
import type { WebhookDelivery } from '#shared/webhooks';
import { api } from '../../../../common/api';
import { authKeys } from '../../auth/api/auth.queries';

export const settingsKeys = { all: ['settings'] as const };
const webhookDeliveriesKey = [...settingsKeys.all, 'webhook-deliveries'] as const;

/** `GET /api/settings`: every setting with its current value. */
export function getSettings(signal?: AbortSignal): Promise<Settings> {
  return api<Settings>('/settings', { signal });
}

/** `PUT /api/settings`: the settings that changed; answers all of them as they now are. */
export function saveSettings(changes: Partial<Settings>): Promise<Settings> {
  return api<Settings>('/settings', { method: 'PUT', body: changes });
}

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSettings(signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export function useSettingsQuery() {
  return useQuery(settingsQuery());
}

/**
 * A saved setting may bind the admin too (a required second factor): the
 * profile is asked again; and the webhook's calls, which a cleared address
 * cancels, are listed again.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    async onSuccess(settings) {
      client.setQueryData(settingsKeys.all, settings);
      await Promise.all([
        client.invalidateQueries({ queryKey: authKeys.profile }),
        client.invalidateQueries({ queryKey: webhookDeliveriesKey }),
      ]);
    },
  });
}

/** `GET /api/webhooks/deliveries`: the enquiry webhook's latest calls and how they went. */
export const webhookDeliveriesQuery = () =>
  queryOptions({
    queryKey: webhookDeliveriesKey,
    queryFn: ({ signal }) => api<WebhookDelivery[]>('/webhooks/deliveries', { signal }),
    refetchInterval: 30_000,
  });

export function useWebhookDeliveriesQuery() {
  return useQuery(webhookDeliveriesQuery());
}
