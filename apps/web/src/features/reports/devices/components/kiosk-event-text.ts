import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { kioskEventText } from '@app/shared/reports/kiosk-event-text';
import type { KioskLogRow } from '@app/shared/reports/kiosk-logs';
import { formatDateTime } from '@/lib/dates';

/** An event's details in words, in the reader's language ("Volume: 50 → 30", "From Reception to Lobby"). */
export function useKioskEventText() {
  const { t } = useTranslation('reports');
  return useCallback((row: KioskLogRow): string => kioskEventText(row, t, formatDateTime), [t]);
}
