import { Alert, Badge, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TempUser } from '@app/shared/integrations/schemas';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFixTempUserDuplicate } from '../api/fix-temp-user-duplicate';
import { CREATE_NEW, canCreateNew, fixDuplicateBody, knownReasons, sharedValues } from '../utils/fix-duplicate';
import { phoneText, tempUserName } from '../utils/fix-error';
import { fixOutcome } from '../utils/fix-result';
import { refusalMessage } from '../utils/refusal';

/** One value of a record or a person, marked when the two share it. */
function Detail({
  label,
  value,
  shared,
  ltr,
}: {
  label: string;
  value: string | null;
  shared?: boolean;
  ltr?: boolean;
}) {
  const { t } = useTranslation('integrations');
  if (!value) return null;
  return (
    <Text component="span" display="block" size="sm" c={shared ? 'red.9' : undefined} fw={shared ? 600 : undefined}>
      <Text span c="dimmed" size="sm" fw={400}>
        {label}:{' '}
      </Text>
      <bdi dir={ltr ? 'ltr' : 'auto'}>{value}</bdi>
      {shared && (
        <Text span size="xs" c="red.9" ms={6}>
          ({t('fix_duplicate.same')})
        </Text>
      )}
    </Text>
  );
}

/**
 * A record read from the directory that may be a person the company already has (spec §2
 * /integration-duplicate): the record, why (duplicate_reasons), each person it may be as a choice,
 * and "Create a new person"; "Fix" sends the choice (spec §3 fix-duplicate). Nothing chosen: 'Please
 * select a user' (spec §5), before anything is sent.
 */
export function DuplicateRecordCard({ integrationId, user }: { integrationId: string; user: TempUser }) {
  const { t } = useTranslation('integrations');
  const titleId = useId();
  const fix = useFixTempUserDuplicate();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = tempUserName(user);
  const newAllowed = canCreateNew(user);

  const submit = () => {
    const body = fixDuplicateBody(choice);
    if (!body) {
      setError(t('fix_duplicate.select_user'));
      return;
    }
    setError(null);
    fix.mutate(
      { id: integrationId, tempId: user.id, body },
      {
        onSuccess: (result) => {
          const outcome = fixOutcome(result, 'duplicate');
          if (outcome.tone === 'success') notifySuccess(outcome.message);
          else notifyError(outcome.message);
        },
        // The person already linked, a value another person holds: said on the card.
        onError: (failure) => setError(refusalMessage(failure, [400, 409, 422])),
      },
    );
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="duplicate-record"
      data-record={user.external_id}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Title order={3} size="h4" id={titleId}>
              <bdi>{name}</bdi>
            </Title>
            <Detail label={t('temp_users.columns.email')} value={user.email} ltr />
            <Detail label={t('temp_users.columns.phone')} value={phoneText(user.phone_code, user.phone)} ltr />
            <Detail label={t('temp_users.columns.id_number')} value={user.id_number} ltr />
            <Detail label={t('temp_users.columns.user_type_id')} value={user.user_type_name} />
            <Detail label={t('temp_users.columns.groups')} value={user.groups.join(', ') || null} />
          </Stack>
          <Group gap={6} aria-label={t('fix_duplicate.reasons_label')} role="group">
            {knownReasons(user.duplicate_reasons).map((reason) => (
              <Badge key={reason} color="orange" variant="light" tt="none" data-testid="duplicate-reason">
                {t(`fix_duplicate.reasons.${reason}`)}
              </Badge>
            ))}
          </Group>
        </Group>

        <Radio.Group
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setError(null);
          }}
          label={t('fix_duplicate.choose', { name })}
          error={error}
          data-testid="duplicate-choices"
        >
          <Stack gap="sm" mt="xs">
            {user.duplicates.map((person) => {
              const shared = sharedValues(user, person);
              return (
                <Radio
                  key={person.id}
                  value={person.id}
                  data-testid="duplicate-choice"
                  label={
                    <Text span size="sm" fw={600} c={shared.name ? 'red.9' : undefined}>
                      <bdi>{`${person.first_name} ${person.last_name}`}</bdi>
                    </Text>
                  }
                  description={
                    <Stack gap={0} component="span">
                      <Detail label={t('temp_users.columns.email')} value={person.email} shared={shared.email} ltr />
                      <Detail label={t('temp_users.columns.phone')} value={person.phone} shared={shared.phone} ltr />
                      <Detail
                        label={t('temp_users.columns.id_number')}
                        value={person.id_number}
                        shared={shared.id_number}
                        ltr
                      />
                      <Detail
                        label={t('fix_duplicate.status')}
                        value={t(`person_statuses.${person.status}`, { defaultValue: person.status })}
                      />
                    </Stack>
                  }
                />
              );
            })}
            <Radio
              value={CREATE_NEW}
              disabled={!newAllowed}
              data-testid="duplicate-choice-new"
              label={
                <Group gap={6} component="span">
                  <IconUserPlus size={16} aria-hidden />
                  {t('fix_duplicate.create_new')}
                </Group>
              }
              description={newAllowed ? t('fix_duplicate.create_new_hint') : t('fix_duplicate.create_new_blocked')}
            />
          </Stack>
        </Radio.Group>

        {user.duplicates.length === 0 && (
          <Alert variant="light" color="gray">
            {t('fix_duplicate.none_left')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={fix.isPending} data-testid="duplicate-fix">
            {t('fix_duplicate.fix')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
