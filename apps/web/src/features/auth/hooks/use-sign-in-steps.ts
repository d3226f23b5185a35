// The steps after the first answer of a sign-in, the same for a password (/login) and the passport
// (/sso, /login-one-time): the company opens, or the person chooses one, or gives their two-step code.
import { useState } from 'react';
import type { LoginResult, MembershipChoice, SignInResponse } from '@app/shared/auth/schemas';
import { getStoredEntityId } from '@/lib/session';
import { useSelectEntity } from '../api/select-entity';
import { finishSignIn } from '../utils/finish-sign-in';
import { storedEntityChoice } from '../utils/stored-entity';

export type SignInStep =
  /** The page's own first step: the password form, or the passport code being exchanged. */
  { name: 'start' } | { name: 'otp' } | { name: 'choose'; entities: MembershipChoice[] } | { name: 'opening' };

type SignInStepsOptions = {
  /** The page to open once signed in instead of the package's home, read as the company opens. */
  nextPage?: () => string | null;
};

export function useSignInSteps({ nextPage }: SignInStepsOptions = {}) {
  const [step, setStep] = useState<SignInStep>({ name: 'start' });
  const selectEntity = useSelectEntity();

  const openEntity = (result: LoginResult) => {
    setStep({ name: 'opening' });
    finishSignIn(result, nextPage?.());
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

  return { step, restart: () => setStep({ name: 'start' }), openEntity, handleResponse };
}
