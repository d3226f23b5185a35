import { Button, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { linkCodeBodySchema } from '@app/shared/pre-registration/schemas';
import { zodFormErrors } from '@/lib/form-errors';
import { useCheckLinkCode } from '../api/check-link-code';
import { useLinkExpired } from '../hooks/use-link-expired';
import { readRefusal } from '../utils/refusal';
import { ComplianceView } from './compliance-view';
import { PublicScreen } from './public-screen';

/**
 * /c/:visitUrl/:code? (spec §2): the compliance link with the visit's code. The code in the address
 * is checked first; without one (or with a wrong one) the visitor types it.
 */
export function ComplianceLinkPage() {
  const { t } = useTranslation('pre-registration');
  const { visitUrl, code: given = '' } = useParams({ from: '/c/$visitUrl/{-$code}' });
  const check = useCheckLinkCode();
  const toExpired = useLinkExpired();
  const [passed, setPassed] = useState(false);
  const [code, setCode] = useState(given);
  const [error, setError] = useState<string | null>(null);
  const tried = useRef(false);

  const submit = async (value: string) => {
    setError(null);
    const issues = zodFormErrors(linkCodeBodySchema, { code: value }, t);
    if (issues.code) {
      setError(issues.code);
      return;
    }
    try {
      await check.mutateAsync({ token: visitUrl, code: value.trim() });
      setPassed(true);
    } catch (failure) {
      const refusal = readRefusal(failure, t('errors.send_failed'));
      if (refusal.expired) return toExpired(refusal.expired);
      setError(refusal.fields.code ?? refusal.message);
    }
  };

  useEffect(() => {
    // The code of the address is sent once, as the page opens.
    if (tried.current || given === '') return;
    tried.current = true;
    void submit(given);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the code the page was opened with
  }, [given]);

  if (passed) return <ComplianceView token={visitUrl} testId="compliance-link-page" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };
  const checkingGiven = given !== '' && check.isPending && !error;

  return (
    <PublicScreen narrow testId="compliance-link-page">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <form onSubmit={onSubmit} noValidate data-testid="compliance-code-form">
          <Stack gap="md" align="stretch">
            <Stack align="center" gap="sm" ta="center">
              <ThemeIcon size={64} radius={999} variant="light">
                <IconKey size={34} stroke={1.5} />
              </ThemeIcon>
              <Title order={1} size="h3">
                {t('code.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {checkingGiven ? t('code.checking') : t('code.intro')}
              </Text>
            </Stack>
            <TextInput
              label={t('code.label')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
              error={error}
              maxLength={32}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              dir="ltr"
              size="md"
              data-testid="compliance-code"
            />
            <Button type="submit" size="md" fullWidth loading={check.isPending} data-testid="compliance-code-submit">
              {t('code.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </PublicScreen>
  );
}
