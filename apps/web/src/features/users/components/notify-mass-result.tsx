import { List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import i18next from 'i18next';
import type { MassResult } from '@app/shared/people/schemas';
import { summariseMassResult } from '../utils/mass-result';
import { showToast } from '@/lib/notify';

type MassToast = {
  /** The spec's toast for the action (User Status Updated, Passport Revoked, ...). */
  title: string;
  /** "2 people archived." for the number done. */
  done: (count: number) => string;
  result: MassResult;
  /** Names of the people the action was asked for, by id. */
  names: ReadonlyMap<string, string>;
};

/** The result of a mass action: how many were done, and who was skipped and why. */
export function notifyMassResult({ title, done, result, names }: MassToast): void {
  const t = i18next.getFixedT(null, 'users');
  const summary = summariseMassResult(result, names, t('mass.someone'));
  const nothing = summary.done === 0;
  showToast({
    color: nothing ? 'orange' : 'teal',
    icon: nothing ? <IconAlertTriangle size={18} /> : <IconCheck size={18} />,
    title: nothing ? t('mass.nothing_done') : title,
    autoClose: summary.skipped.length > 0 ? 10_000 : 4000,
    message: (
      <Stack gap={4} data-testid="mass-result">
        {!nothing && <Text size="sm">{done(summary.done)}</Text>}
        {summary.skipped.length > 0 && (
          <>
            <Text size="sm" fw={500}>
              {t('mass.skipped', { count: summary.skipped.length + summary.more })}
            </Text>
            <List size="sm" spacing={2} data-testid="mass-result-skipped">
              {summary.skipped.map((skip, index) => (
                <List.Item key={index}>
                  <Text span size="sm" fw={500}>
                    {skip.name}
                  </Text>
                  {': '}
                  {skip.message}
                </List.Item>
              ))}
            </List>
            {summary.more > 0 && (
              <Text size="sm" c="dimmed">
                {t('mass.more', { count: summary.more })}
              </Text>
            )}
          </>
        )}
      </Stack>
    ),
  });
}
