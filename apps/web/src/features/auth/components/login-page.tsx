import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentSubdomain } from '../api/get-public-entity';
import { useSignInSteps } from '../hooks/use-sign-in-steps';
import { EntityChooser } from './entity-chooser';
import { LoginForm } from './login-form';
import { OtpStep } from './otp-step';
import { PublicCard } from './public-card';
import { PassportOutcomeAlert, SignInWithPassport } from './sign-in-with-passport';
import { CompanySignInOutcomeAlert, SignInWithCompany } from './sign-in-with-company';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { subdomain, entity } = useCurrentSubdomain();
  const { step, restart, openEntity, handleResponse } = useSignInSteps();

  const heading = {
    start: { title: t('login.title'), description: t('login.subtitle') },
    otp: { title: t('otp.title'), description: undefined },
    choose: { title: t('choose.title'), description: t('choose.subtitle') },
    opening: { title: t('opening'), description: undefined },
  }[step.name];

  return (
    <PublicCard title={heading.title} description={heading.description}>
      {step.name === 'start' && (
        <>
          <PassportOutcomeAlert />
          <CompanySignInOutcomeAlert />
          <LoginForm subdomain={subdomain} onResponse={handleResponse} />
          <SignInWithPassport subdomain={subdomain} />
          <SignInWithCompany entity={entity} />
        </>
      )}
      {step.name === 'otp' && <OtpStep onResponse={handleResponse} onBack={restart} />}
      {step.name === 'choose' && <EntityChooser entities={step.entities} onChosen={openEntity} />}
      {step.name === 'opening' && (
        <Center py="lg">
          <Loader />
        </Center>
      )}
    </PublicCard>
  );
}
