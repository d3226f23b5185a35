import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceReportOptions } from '@app/shared/reports/kiosk-logs';
import { api } from '@/lib/api-client';

export const deviceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sites', 'device-report-options'],
    queryFn: ({ signal }) => api.get<DeviceReportOptions>('/reports/devices/options', { signal }),
  });

/** The sites and kiosks the print queue's and kiosk logs' filters offer. */
export const useDeviceOptions = () => useQuery(deviceOptionsQueryOptions());
