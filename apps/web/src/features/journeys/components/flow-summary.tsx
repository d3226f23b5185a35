import { Badge, Group } from '@mantine/core';
import {
  IconFaceId,
  IconId,
  IconMask,
  IconPrinter,
  IconQrcode,
  IconSearch,
  IconTemperature,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InputMethod } from '@app/shared/journeys/flow-settings';
import type { Flow } from '@app/shared/journeys/schemas';

export const INPUT_ICONS: Record<InputMethod, Icon> = {
  qr_code: IconQrcode,
  face: IconFaceId,
  rfid: IconId,
  name_search: IconSearch,
};

/** What a flow asks, in a line of badges: inputs, checks, compliances, hosts and schedules. */
export function FlowSummary({ flow }: { flow: Flow }) {
  const { t } = useTranslation('journeys');
  const { checks } = flow;
  return (
    <Group gap={6} data-testid="flow-summary">
      {flow.inputs.length === 0 && (
        <Badge variant="light" color="orange">
          {t('flows.no_input')}
        </Badge>
      )}
      {flow.inputs.map((method) => {
        const InputIcon = INPUT_ICONS[method];
        return (
          <Badge key={method} variant="light" color="blue" leftSection={<InputIcon size={12} />}>
            {t(`inputs.${method}`)}
          </Badge>
        );
      })}
      {checks.temperature_check && (
        <Badge variant="light" color="red" leftSection={<IconTemperature size={12} />}>
          {t('flows.temperature', { value: checks.temperature_threshold })}
        </Badge>
      )}
      {checks.mask_check && (
        <Badge variant="light" color="cyan" leftSection={<IconMask size={12} />}>
          {t('flows.mask')}
        </Badge>
      )}
      {checks.host && (
        <Badge variant="light" color="grape" leftSection={<IconUser size={12} />}>
          {checks.allow_not_select_host ? t('flows.host_optional') : t('flows.host_required')}
        </Badge>
      )}
      {checks.print_badge && (
        <Badge variant="light" color="teal" leftSection={<IconPrinter size={12} />}>
          {t('flows.badge')}
        </Badge>
      )}
      {flow.compliances.length > 0 && (
        <Badge variant="outline" color="gray">
          {t('flows.compliances', { count: flow.compliances.length })}
        </Badge>
      )}
      {flow.attendance_modes.length > 0 && (
        <Badge variant="outline" color="gray">
          {t('flows.attendance_modes', { count: flow.attendance_modes.length })}
        </Badge>
      )}
    </Group>
  );
}
