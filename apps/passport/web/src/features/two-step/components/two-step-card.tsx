// Two-step on the security page: its state, turning it on (the setup), and, when on, new recovery codes or
// turning it off (each asks for the password; turning off also for a code).
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { passwordConfirmBody, twoStepDisableBody } from '@app/shared/passport/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PasswordField } from '../../../components/fields';
import { SubmitOrCancel } from '../../../components/submit-or-cancel';
import { checkForm } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { disableTwoStep } from '../api/disable-two-step';
import { newRecoveryCodes } from '../api/new-recovery-codes';
import { RecoveryCodes } from './recovery-codes';
import { TwoStepSetup } from './two-step-setup';

type Mode = 'idle' | 'setup' | 'codes' | 'disable';

export function TwoStepCard({ enabled, onChanged }: { enabled: boolean; onChanged: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('idle');

  const finished = async (message: string) => {
    setMode('idle');
    await onChanged();
    notifySuccess(message);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="two-step-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h3" id="two-step-title">
            {t('two_step.title')}
          </Title>
          <Badge color={enabled ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {enabled ? t('two_step.on') : t('two_step.off')}
          </Badge>
        </Group>
        <Text size="sm">{t('two_step.intro')}</Text>

        {mode === 'idle' && !enabled && (
          <Button onClick={() => setMode('setup')} style={{ alignSelf: 'flex-start' }}>
            {t('two_step.turn_on')}
          </Button>
        )}
        {mode === 'idle' && enabled && (
          <Group gap="sm">
            <Button variant="light" onClick={() => setMode('codes')}>
              {t('recovery.new')}
            </Button>
            <Button variant="outline" color="red.9" onClick={() => setMode('disable')}>
              {t('two_step.turn_off')}
            </Button>
          </Group>
        )}
        {mode === 'setup' && (
          <>
            <TwoStepSetup onDone={() => void finished(t('two_step.turned_on'))} />
            <Button variant="subtle" onClick={() => setMode('idle')} style={{ alignSelf: 'flex-start' }}>
              {t('common.cancel')}
            </Button>
          </>
        )}
        {mode === 'codes' && <NewRecoveryCodes onClose={() => setMode('idle')} />}
        {mode === 'disable' && (
          <DisableTwoStep onCancel={() => setMode('idle')} onDone={() => void finished(t('two_step.turned_off'))} />
        )}
      </Stack>
    </Card>
  );
}

function NewRecoveryCodes({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const form = useFormSubmit(newRecoveryCodes);

  if (codes) return <RecoveryCodes codes={codes} onDone={onClose} />;

  const submit = form.submit({
    check: () => checkForm(passwordConfirmBody, { password }, () => t('validation.password_required')),
    send: (data) => data.password,
    done: (codes) => setCodes(codes),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('recovery.new_intro')}</Text>
        {form.error && !form.error.fields.password && <ErrorAlert error={form.error} />}
        <PasswordField kind="current" value={password} onChange={setPassword} error={form.fields.password} autoFocus />
        <SubmitOrCancel label={t('recovery.new')} pending={form.pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

function DisableTwoStep({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ password: '', code: '' });
  const form = useFormSubmit(disableTwoStep);

  const submit = form.submit({
    check: () =>
      checkForm(twoStepDisableBody, values, (field) =>
        field === 'password' ? t('validation.password_required') : t('validation.code_or_recovery'),
      ),
    done: () => onDone(),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('two_step.turn_off_intro')}</Text>
        {form.error && Object.keys(form.error.fields).length === 0 && <ErrorAlert error={form.error} />}
        <PasswordField
          kind="current"
          value={values.password}
          onChange={(password) => setValues({ ...values, password })}
          error={form.fields.password}
          autoFocus
        />
        <TextInput
          label={t('two_step.code_or_recovery')}
          description={t('two_step.code_or_recovery_hint')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          required
          value={values.code}
          onChange={(event) => setValues({ ...values, code: event.currentTarget.value })}
          error={form.fields.code}
        />
        <SubmitOrCancel label={t('two_step.turn_off')} color="red.9" pending={form.pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
