// Turning two-step on: the passport's key goes into an authenticator app (a link on this phone, a QR code
// for another device, or the key typed by hand), the app's first code proves it, and the recovery codes
// are shown once. Used by the security page and, inline, by an application that requires two-step.
import { Button, Code, CopyButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../components/code-input';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoader } from '../../../components/page-loader';
import type { ApiError } from '../../../lib/api-error';
import { forgetOnce, once } from '../../../lib/once';
import { svgImageUrl } from '../../../lib/svg-image';
import { toApiError, useAction } from '../../../lib/use-request';
import { enableTwoStep } from '../api/enable-two-step';
import { setUpTwoStep, type TwoStepSetup as Setup } from '../api/set-up-two-step';
import { RecoveryCodes } from './recovery-codes';

/** The key in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type TwoStepSetupProps = {
  /** Two-step is on and the person has confirmed saving the recovery codes. */
  onDone: () => void;
  doneLabel?: string;
  /** Heading level of the steps inside (the page's own heading sits above them). */
  headingOrder?: 2 | 3;
};

export function TwoStepSetup({ onDone, doneLabel, headingOrder = 3 }: TwoStepSetupProps) {
  const { t } = useTranslation();
  const key = useId();
  const [attempt, setAttempt] = useState(0);
  const [setup, setSetup] = useState<Setup>();
  const [loadError, setLoadError] = useState<ApiError>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const enable = useAction(enableTwoStep);

  // One secret per visit of this step: a second mount (StrictMode) must not replace the one on screen.
  useEffect(() => {
    let live = true;
    once(`two-step-setup:${key}:${attempt}`, setUpTwoStep).then(
      (value) => live && setSetup(value),
      (error: unknown) => live && setLoadError(toApiError(error)),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const retry = () => {
    forgetOnce(`two-step-setup:${key}:${attempt}`);
    setLoadError(undefined);
    setAttempt(attempt + 1);
  };

  const confirm = async (value: string) => {
    if (!/^\d{6}$/.test(value)) {
      setCodeError(t('validation.code'));
      return;
    }
    setCodeError(undefined);
    const result = await enable.run(value);
    if (result.ok) setRecoveryCodes(result.value);
    else {
      setCode('');
      setCodeError(result.error.fields.code);
    }
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} doneLabel={doneLabel} />;
  if (loadError) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={loadError} />
        <Button variant="light" onClick={retry} style={{ alignSelf: 'flex-start' }}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (!setup) return <PageLoader />;

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={headingOrder} size="h4">
          {t('two_step.step_app')}
        </Title>
        <Text size="sm">{t('two_step.step_app_hint')}</Text>
        <Button
          component="a"
          href={setup.otpauth_url}
          variant="light"
          leftSection={<IconExternalLink size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('two_step.open_app')}
        </Button>
        <Text size="sm">{t('two_step.scan')}</Text>
        <Image
          src={svgImageUrl(setup.qr_svg)}
          alt={t('two_step.qr_alt')}
          w={200}
          h={200}
          bg="white"
          p={8}
          radius="md"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
        <Text size="sm">{t('two_step.key')}</Text>
        <Group gap="xs">
          <Code fz="md" dir="ltr">
            {grouped(setup.secret)}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              >
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm(code);
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={headingOrder} size="h4">
            {t('two_step.step_code')}
          </Title>
          {enable.error && !enable.error.fields.code && <ErrorAlert error={enable.error} />}
          <CodeInput
            label={t('otp.code_label')}
            description={t('two_step.step_code_hint')}
            value={code}
            onChange={setCode}
            onComplete={(value) => void confirm(value)}
            error={codeError}
            disabled={enable.pending}
          />
          <Button type="submit" loading={enable.pending} style={{ alignSelf: 'flex-start' }}>
            {t('two_step.confirm')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
