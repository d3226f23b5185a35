import { Center, Loader } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult, MembershipChoice, SignInResponse } from '@app/shared/auth/schemas';
import { useCurrentSubdomain } from '../api/get-public-entity';
import { useSelectEntity } from '../api/select-entity';
import { finishSignIn } from '../utils/finish-sign-in';
import { getStoredEntityId } from '@/lib/session';
import { storedEntityChoice } from '../utils/stored-entity';
import { EntityChooser } from './entity-chooser';
import { LoginForm } from './login-form';
import { OtpStep } from './otp-step';
import { PublicCard } from './public-card';

type Step =
  { name: 'credentials' } | { name: 'otp' } | { name: 'choose'; entities: MembershipChoice[] } | { name: 'opening' };

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { subdomain } = useCurrentSubdomain();
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const selectEntity = useSelectEntity();

  const openEntity = (result: LoginResult) => {
    setStep({ name: 'opening' });
    finishSignIn(result);
  };

  const handleResponse = (response: SignInResponse) => {
    if (response.status === 'ok') return openEntity(response);
    if (response.status === 'otp_required') return setStep({ name: 'otp' });
    const stored = storedEntityChoice(response.entities, getStoredEntityId());
    if (!stored) return setStep({ name: 'choose', entities: response.entities });
    setStep({ name: 'opening' });
    selectEntity.mutate(stored.id, {
      onSuccess: openEntity,
      onError: () => setStep({ name: 'choose', entities: response.entities }),
    });
  };

  const heading = {
    credentials: { title: t('login.title'), description: t('login.subtitle') },
    otp: { title: t('otp.title'), description: undefined },
    choose: { title: t('choose.title'), description: t('choose.subtitle') },
    opening: { title: t('opening'), description: undefined },
  }[step.name];

  return (
    <PublicCard title={heading.title} description={heading.description}>
      {step.name === 'credentials' && <LoginForm subdomain={subdomain} onResponse={handleResponse} />}
      {step.name === 'otp' && <OtpStep onResponse={handleResponse} onBack={() => setStep({ name: 'credentials' })} />}
      {step.name === 'choose' && <EntityChooser entities={step.entities} onChosen={openEntity} />}
      {step.name === 'opening' && (
        <Center py="lg">
          <Loader />
        </Center>
      )}
    </PublicCard>
  );
}
