import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CapacitySettings } from '@app/shared/capacity/schemas';
import { api } from '@/lib/api-client';
import { capacitySettingsKey } from './capacity-query-keys';

export const getCapacitySettings = (signal?: AbortSignal) =>
  api.get<CapacitySettings>('/capacity/settings', { signal });

export const capacitySettingsQueryOptions = () =>
  queryOptions({ queryKey: capacitySettingsKey, queryFn: ({ signal }) => getCapacitySettings(signal) });

/** What the company chose for full places; read while `enabled` (the settings dialog is open). */
export const useCapacitySettings = (enabled: boolean) => useQuery({ ...capacitySettingsQueryOptions(), enabled });
