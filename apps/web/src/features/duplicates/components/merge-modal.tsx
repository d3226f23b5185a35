import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DuplicatePair, DuplicatePerson, PersonMerge } from '@app/shared/people/duplicates';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useMergePeople } from '../api/duplicates';
import { PairPerson } from './pair-card';

/**
 * The record to keep, as an admin would most often choose it: the one that signs in to the dashboard,
 * the owner's, the one with more visits, the older one.
 */
export function suggestedKeep(pair: DuplicatePair): DuplicatePerson {
  const rank = (p: DuplicatePerson) => [Number(p.is_default), Number(p.has_login), p.visits, -Date.parse(p.created_at)];
  const [a, b] = [rank(pair.a), rank(pair.b)];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]! ? pair.a : pair.b;
  return pair.a;
}

/** Chooses which of two people to keep and merges the other into it (spec §8 "Merged User"). */
export function MergeModal({ pair, onClose }: { pair: DuplicatePair; onClose: (merged?: PersonMerge) => void }) {
  const { t } = useTranslation('duplicates');
  const [keepId, setKeepId] = useState(suggestedKeep(pair).id);
  const merge = useMergePeople();
  // The company owner's record is always the one kept.
  const owner = [pair.a, pair.b].find((p) => p.is_default);
  const keep = keepId === pair.a.id ? pair.a : pair.b;
  const remove = keepId === pair.a.id ? pair.b : pair.a;
  const error = merge.error instanceof ApiError ? merge.error.message : null;

  const submit = () =>
    merge.mutate(
      { keep_id: keep.id, remove_id: remove.id },
      {
        onSuccess: (done) => {
          notifySuccess(t('toasts.merged'));
          onClose(done);
        },
      },
    );

  return (
    <Modal opened onClose={() => onClose()} title={t('merge.title')} size="lg" centered>
      <Stack gap="md" data-testid="merge-modal">
        <Text size="sm">{t('merge.choose')}</Text>
        <Radio.Group value={keepId} onChange={setKeepId} name="keep" label={t('merge.keep_label')}>
          <Stack gap="sm" mt="xs">
            {[pair.a, pair.b].map((person, i) => (
              <Radio.Card
                key={person.id}
                value={person.id}
                radius="md"
                p="md"
                disabled={owner !== undefined && person.id !== owner.id}
                data-testid={`merge-keep-${i === 0 ? 'a' : 'b'}`}
                aria-label={t('merge.keep_person', { name: person.full_name })}
              >
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <PairPerson person={person} testId={`merge-person-${i === 0 ? 'a' : 'b'}`} />
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} data-testid="merge-summary">
          <Stack gap={4}>
            <Text size="sm">{t('merge.summary_keep', { kept: keep.full_name, removed: remove.full_name })}</Text>
            <Text size="sm">{t('merge.summary_moves')}</Text>
            <Text size="sm">{t('merge.summary_details', { kept: keep.full_name })}</Text>
          </Stack>
        </Alert>
        {owner && (
          <Text size="sm" c="dimmed">
            {t('merge.owner_kept', { name: owner.full_name })}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="merge-error">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('merge.cancel')}
          </Button>
          <Button
            color="red"
            onClick={submit}
            loading={merge.isPending}
            disabled={remove.is_default}
            data-testid="merge-confirm"
          >
            {t('merge.confirm', { removed: remove.full_name })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
