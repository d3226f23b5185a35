// /login's way to sign in with the company's own identity provider, offered when the company of the
// subdomain has one turned on, and what the page says when it sends the person back without signing in
// (`?company_sign_in=unavailable|unverified|failed`).
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompanySignInOutcome } from '@app/shared/entity/identity-provider';
import { API_BASE } from '@/lib/api-client';
import type { PublicEntity } from '@/lib/tenant-host';
import { usePageSearchText } from '../hooks/use-page-location';

export function SignInWithCompany({ entity }: { entity: PublicEntity | null }) {
  const { t } = useTranslation('auth');
  if (!entity?.identity_provider || !entity.subdomain) return null;
  return (
    <Button
      component="a"
      href={`${API_BASE}/auth/company-sign-in/start?subdomain=${encodeURIComponent(entity.subdomain)}`}
      variant="default"
      fullWidth
      size="md"
      leftSection={<IconBuilding size={18} />}
      data-testid="company-sign-in"
    >
      {t('login.company', { company: entity.name })}
    </Button>
  );
}

// The outcomes the server sends back (COMPANY_SIGN_IN_OUTCOMES); listed here, as importing that module
// would bring zod into the sign-in pages.
const OUTCOMES: readonly CompanySignInOutcome[] = ['unavailable', 'unverified', 'failed'];

export function CompanySignInOutcomeAlert() {
  const { t } = useTranslation('auth');
  const asked = usePageSearchText('company_sign_in');
  const outcome = OUTCOMES.find((o) => o === asked);
  if (!outcome) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {t(`login.company_${outcome}`)}
    </Alert>
  );
}
