import { List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import i18next from 'i18next';
import type { SendRfidInstructionsResponse } from '@app/shared/rfid/schemas';
import { showToast } from '@/lib/notify';

/** How a send went: how many people got their link, and who was skipped and why. */
export function notifySendResult(result: SendRfidInstructionsResponse, names: ReadonlyMap<string, string>) {
  const t = i18next.getFixedT(null, 'rfid');
  const nothing = result.sent === 0;
  showToast({
    color: nothing ? 'orange' : 'teal',
    icon: nothing ? <IconAlertTriangle size={18} /> : <IconCheck size={18} />,
    autoClose: result.skipped.length > 0 ? 10_000 : 4000,
    message: (
      <Stack gap={4} data-testid="rfid-send-result">
        <Text size="sm" fw={500}>
          {nothing ? t('admin.send.none_sent') : t('admin.send.sent', { count: result.sent })}
        </Text>
        {result.skipped.length > 0 && (
          <>
            <Text size="sm">{t('admin.send.skipped', { count: result.skipped.length })}</Text>
            <List size="sm" spacing={2} data-testid="rfid-send-skipped">
              {result.skipped.map((skip) => (
                <List.Item key={skip.user_id}>
                  <Text span size="sm" fw={500}>
                    {skip.name ?? names.get(skip.user_id) ?? t('admin.skip.someone')}
                  </Text>
                  {': '}
                  {t(`admin.skip.${skip.reason}`)}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    ),
  });
}
