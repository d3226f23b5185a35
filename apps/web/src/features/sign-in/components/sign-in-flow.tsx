import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLogin, IconLogout, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInPreview, VisitActionResult } from '@app/shared/visits/schemas';
import { notifySuccess } from '@/lib/notify';
import { useSignInPeople } from '../api/sign-in-people';
import { useSignOutVisits } from '../api/sign-out-visits';
import { useSignInPreview } from '../api/preview-sign-in';
import {
  canSignIn,
  canSignOut,
  flowMode,
  formIssues,
  initialDraft,
  signOutByReason,
  signOutIssues,
  newIdempotencyKey,
  signInBody,
  type FlowIssue,
  type PersonDraft,
} from '@app/shared/visits/sign-in-form';
import { failureMessage, readRefusal } from '../utils/visit-errors';
import { PersonFlow } from './person-flow';

export type SignInFlowProps = {
  areaId: string;
  personIds: string[];
  /** Expected visits chosen for these people (a logbook row's): signed in rather than another of today's. */
  expectedVisitIds?: string[];
  /** Called after the people were signed in (or out); the result's message has been shown. */
  onDone: (result: VisitActionResult) => void;
  onCancel: () => void;
  /** The cancel button's words ("Back" when the form follows a choice). */
  cancelLabel?: string;
};

type FormProps = Omit<SignInFlowProps, 'areaId' | 'personIds' | 'expectedVisitIds'> & { preview: SignInPreview };

function FlowForm({ preview, onDone, onCancel, cancelLabel }: FormProps) {
  const { t } = useTranslation('sign-in');
  const signIn = useSignInPeople();
  const signOut = useSignOutVisits();
  const [drafts, setDrafts] = useState<Record<string, PersonDraft>>({});
  const [showIssues, setShowIssues] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per opened form: a double click, or a retry after a lost answer, never makes two visits.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const now = new Date();

  const mode = flowMode(preview);
  const going = preview.people.filter(mode === 'sign_in' ? canSignIn : canSignOut);
  const leftOut = preview.people.length - going.length;
  const draftOf = (id: string) => drafts[id] ?? initialDraft(preview.people.find((p) => p.person_id === id)!);
  const issues: Record<string, FlowIssue> =
    mode === 'sign_in' ? formIssues(preview, drafts, now) : signOutIssues(preview, drafts);
  const issueCount = Object.keys(issues).length;

  const change = (personId: string, draft: PersonDraft) => {
    setDrafts((current) => ({ ...current, [personId]: draft }));
    // What the server said about this person no longer holds once their answers change.
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`${personId}.`))),
    );
  };

  const errorOf = (personId: string) => (field: string) => {
    const key = `${personId}.${field}`;
    const server = serverErrors[key];
    if (server) return server;
    const issue = issues[key];
    return showIssues && issue ? t(issue.key, issue.vars) : undefined;
  };

  const failed = (error: unknown) => {
    const refused = readRefusal(error);
    setServerErrors(refused?.fields ?? {});
    setRefusal(failureMessage(error, t('flow.failed')));
  };

  const done = (result: VisitActionResult) => {
    notifySuccess(result.message);
    onDone(result);
  };

  const submit = () => {
    setRefusal(null);
    if (issueCount > 0) {
      setShowIssues(true);
      return;
    }
    if (mode === 'sign_out') {
      void signOutByReason(preview, drafts, (body) => signOut.mutateAsync(body))
        .then((data) => done({ message: t('flow.signed_out', { count: data.length }), data, replayed: false }))
        .catch(failed);
      return;
    }
    signIn.mutate({ body: signInBody(preview, drafts), idempotencyKey }, { onSuccess: done, onError: failed });
  };

  const checkIn = preview.area.login_mode === 'checkIn_only';
  const submitLabel =
    mode === 'sign_out'
      ? t('flow.submit_sign_out', { count: going.length })
      : checkIn
        ? t('flow.submit_check_in', { count: going.length })
        : t('flow.submit_sign_in', { count: going.length });

  return (
    <Stack gap="md" data-testid="sign-in-flow" data-mode={mode}>
      <Group gap={6} wrap="nowrap">
        <IconMapPin size={16} color="var(--mantine-color-dimmed)" />
        <Text size="sm" c="dimmed" data-testid="flow-area">
          {t('flow.at', { site: preview.area.site.name, area: preview.area.name })}
        </Text>
      </Group>

      {preview.people.map((person) => (
        <PersonFlow
          key={person.person_id}
          person={person}
          draft={draftOf(person.person_id)}
          onChange={(draft) => change(person.person_id, draft)}
          errorOf={errorOf(person.person_id)}
          now={now}
          timeZone={preview.timezone}
          mode={mode}
        />
      ))}

      {leftOut > 0 && going.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="flow-left-out">
          {t('flow.left_out', { count: leftOut })}
        </Text>
      )}

      {refusal && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('flow.refused')}
          data-testid="flow-refusal"
          style={{ whiteSpace: 'pre-line' }}
        >
          {refusal}
        </Alert>
      )}
      {showIssues && issueCount > 0 && !refusal && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="flow-issues">
          {t('flow.issues', { count: issueCount })}
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid="flow-cancel">
          {cancelLabel ?? t('common:actions.cancel')}
        </Button>
        <Button
          onClick={submit}
          loading={signIn.isPending || signOut.isPending}
          disabled={going.length === 0}
          color={mode === 'sign_out' ? 'orange' : undefined}
          leftSection={mode === 'sign_out' ? <IconLogout size={16} /> : <IconLogin size={16} />}
          data-testid="flow-submit"
        >
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The journey flow of one or many people at an area (spec "Mass-action data"): read from the preview,
 * answered per person with the rules shown live, and sent together (all or nothing).
 */
export function SignInFlow({ areaId, personIds, expectedVisitIds = [], ...props }: SignInFlowProps) {
  const { t } = useTranslation('sign-in');
  const preview = useSignInPreview({ area_id: areaId, person_ids: personIds, expected_visit_ids: expectedVisitIds });
  if (preview.isPending) {
    return (
      <Stack gap="sm" data-testid="sign-in-flow-loading">
        <Skeleton h={18} w="40%" />
        <Skeleton h={120} />
        <Skeleton h={36} w={160} ms="auto" />
      </Stack>
    );
  }
  if (preview.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="sign-in-flow-error">
          {failureMessage(preview.error, t('flow.load_failed'))}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {props.cancelLabel ?? t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void preview.refetch()}>{t('common:retry')}</Button>
        </Group>
      </Stack>
    );
  }
  return <FlowForm preview={preview.data} {...props} />;
}
