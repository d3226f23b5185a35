import { Badge, Button, Card, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceTablet, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Journey, JourneyKiosk } from '@app/shared/journeys/schemas';
import { notifySuccess } from '@/lib/notify';
import { useAssignKiosks, useJourneyKiosks, useReleaseKiosk } from '../api/kiosks';

/**
 * The kiosks at the journey's sites: which journey each runs, and moving chosen ones to this journey
 * (spec "Kiosks move between journeys").
 */
export function JourneyKiosksCard({ journey, canEdit }: { journey: Journey; canEdit: boolean }) {
  const { t } = useTranslation('journeys');
  const kiosks = useJourneyKiosks(journey.id);
  const assign = useAssignKiosks();
  const release = useReleaseKiosk();
  const [chosen, setChosen] = useState<string[]>([]);
  const list = kiosks.data?.data ?? [];
  const runsThis = (k: JourneyKiosk) => k.journey?.id === journey.id;

  const move = () =>
    assign.mutate(
      { journeyId: journey.id, kioskIds: chosen },
      {
        onSuccess: () => {
          notifySuccess(chosen.length === 1 ? t('kiosks.moved_single') : t('kiosks.moved_several'));
          setChosen([]);
        },
      },
    );

  const confirmRelease = (kiosk: JourneyKiosk) =>
    modals.openConfirmModal({
      title: t('kiosks.release_title', { name: kiosk.name }),
      children: <Text size="sm">{t('kiosks.release_body', { journey: journey.name })}</Text>,
      labels: { confirm: t('kiosks.release'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'kiosk-release-confirm' },
      onConfirm: () => release.mutate({ journeyId: journey.id, kioskId: kiosk.id }),
    });

  return (
    <Card withBorder radius="md" p="lg" data-testid="journey-kiosks">
      <Group justify="space-between" mb="md" align="flex-end">
        <div>
          <Title order={4}>{t('kiosks.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('kiosks.description')}
          </Text>
        </div>
        {canEdit && (
          <Button
            disabled={chosen.length === 0}
            loading={assign.isPending}
            onClick={move}
            leftSection={<IconDeviceTablet size={16} />}
            data-testid="kiosks-move"
          >
            {chosen.length ? t('kiosks.move', { count: chosen.length }) : t('kiosks.run_here')}
          </Button>
        )}
      </Group>
      {kiosks.isPending && <Skeleton h={60} radius="md" />}
      {kiosks.data && list.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="kiosks-empty">
          {t('kiosks.empty')}
        </Text>
      )}
      <Stack gap="xs">
        {list.map((kiosk) => (
          <Paper key={kiosk.id} withBorder radius="md" px="md" py="sm" data-testid="kiosk-row" data-name={kiosk.name}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" miw={0}>
                {canEdit && (
                  <Checkbox
                    aria-label={t('kiosks.choose', { name: kiosk.name })}
                    disabled={runsThis(kiosk)}
                    checked={runsThis(kiosk) || chosen.includes(kiosk.id)}
                    onChange={(event) =>
                      setChosen((ids) =>
                        event.currentTarget.checked ? [...ids, kiosk.id] : ids.filter((id) => id !== kiosk.id),
                      )
                    }
                    data-testid="kiosk-choose"
                  />
                )}
                <Stack gap={0} miw={0}>
                  <Group gap={6}>
                    <Text size="sm" fw={500}>
                      {kiosk.name}
                    </Text>
                    <Badge size="xs" variant="dot" color={kiosk.online ? 'teal' : 'gray'}>
                      {kiosk.online ? t('kiosks.online') : t('kiosks.offline')}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" truncate="end">
                    {kiosk.site_name} · {kiosk.area_name}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="nowrap">
                {kiosk.journey ? (
                  <Badge variant="light" color={runsThis(kiosk) ? 'teal' : 'gray'} data-testid="kiosk-journey">
                    {runsThis(kiosk) ? t('kiosks.runs_this') : kiosk.journey.name}
                  </Badge>
                ) : (
                  <Badge variant="outline" color="gray" data-testid="kiosk-journey">
                    {t('kiosks.no_journey')}
                  </Badge>
                )}
                {canEdit && runsThis(kiosk) && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconPlayerStop size={14} />}
                    onClick={() => confirmRelease(kiosk)}
                    data-testid="kiosk-release"
                  >
                    {t('kiosks.release')}
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}
