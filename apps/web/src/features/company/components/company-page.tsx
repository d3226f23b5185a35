import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../api/get-company';
import { ClientTokenCard } from './client-token-card';
import { CompanyDetailsCard } from './company-details-card';
import { CompanyLogoCard } from './company-logo-card';
import { FaceSignInCard } from './face-sign-in-card';
import { IdentityProviderCard } from './identity-provider-card';
import { SubscriptionCard } from './subscription-card';
import { TwoStepCard } from './two-step-card';

function CompanySections() {
  const { t } = useTranslation('company');
  const company = useCompany();

  if (company.isPending) {
    return (
      <Stack gap="lg" data-testid="company-loading">
        {[220, 160, 180, 200, 150].map((height) => (
          <Skeleton key={height} height={height} radius="md" />
        ))}
      </Stack>
    );
  }

  if (company.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('load_failed')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void company.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <CompanyDetailsCard company={company.data} />
      <CompanyLogoCard company={company.data} />
      <ClientTokenCard company={company.data} />
      <TwoStepCard company={company.data} />
      <IdentityProviderCard />
      <FaceSignInCard />
      <SubscriptionCard company={company.data} />
    </Stack>
  );
}

export function CompanyPage() {
  const { t } = useTranslation('company');
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </Stack>
      <CompanySections />
    </Stack>
  );
}
