import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { planName } from '@app/shared/constants';
import { paths } from '@/config/paths';
import type { StoredSession } from '@/lib/session';

/**
 * Spec §6: custom fields are for the professional and enterprise plans. A lite company sees why
 * instead of the screen, from the stored login (no call that would only be refused).
 */
export function PlanRequired({ session }: { session: StoredSession }) {
  const { t } = useTranslation('custom-fields');
  const plan = planName(session.entity.plan);
  return (
    <Card withBorder radius="md" p="xl" data-testid="custom-fields-plan-required">
      <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconLock size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={3}>{t('plan.title')}</Title>
        <Text>{t('plan.body')}</Text>
        {plan && (
          <Text c="dimmed" size="sm">
            {t('plan.current', { plan: t(`common:plans.${plan}`) })}
          </Text>
        )}
        {isAllowed(session.permissions, 'company_details') && (
          <Button component={Link} to={paths.company} hash="subscription" variant="light" mt="xs">
            {t('plan.see_plan')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
