import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconReceipt } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { planName } from '@app/shared/constants';
import type { CompanyDetails } from '@app/shared/entity/schemas';
import { SectionCard } from './section-card';

export const SUBSCRIPTION_SECTION_ID = 'subscription';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Badge variant="light" size="lg" data-testid={testId}>
        {value}
      </Badge>
    </Stack>
  );
}

/** Package, subscription and plan, read-only: a system administrator changes them. Manage Billing lands here. */
export function SubscriptionCard({ company }: { company: CompanyDetails }) {
  const { t } = useTranslation('company');
  const hash = useRouterState({ select: (state) => state.location.hash });

  // The section appears only once the company has loaded, after the router's own scroll to the hash.
  useEffect(() => {
    if (hash === SUBSCRIPTION_SECTION_ID)
      document.getElementById(SUBSCRIPTION_SECTION_ID)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const plan = planName(company.plan);

  return (
    <SectionCard id={SUBSCRIPTION_SECTION_ID} icon={<IconReceipt size={20} />} title={t('subscription.title')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Fact
          label={t('subscription.package')}
          value={t(`common:packages.${company.package}`)}
          testId="company-package"
        />
        <Fact
          label={t('subscription.subscription')}
          value={t(`subscription.kind.${company.subscription}`)}
          testId="company-subscription"
        />
        <Fact
          label={t('subscription.plan')}
          value={plan ? t(`common:plans.${plan}`) : String(company.plan)}
          testId="company-plan"
        />
      </SimpleGrid>
      <Group gap="xs" c="dimmed" wrap="nowrap">
        <IconInfoCircle size={16} />
        <Text size="sm">{t('subscription.note')}</Text>
      </Group>
    </SectionCard>
  );
}
