import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RFID_LINK_TTL_MS, type RfidPerson } from '@app/shared/rfid/schemas';
import { ApiError } from '@/lib/api-client';
import { useRfidKiosks } from '../api/list-rfid-kiosks';
import { useSendRfidInstructions } from '../api/send-rfid-instructions';
import { notifySendResult } from './notify-send-result';
import { labelVars } from '@app/shared/http/field-messages';

const DAY_MS = 24 * 60 * 60 * 1000;
const fullName = (person: RfidPerson) => `${person.first_name} ${person.last_name}`.trim();

/** The people to send to, or null when closed. */
export type SendState = RfidPerson[] | null;

function SendForm({ people, onDone, onCancel }: { people: RfidPerson[]; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('rfid');
  const kiosks = useRfidKiosks();
  const send = useSendRfidInstructions();
  const [kioskId, setKioskId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Grouped by site, so a kiosk is found where it stands.
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const kiosk of kiosks.data ?? []) {
    const items = groups.get(kiosk.site_name) ?? [];
    items.push({ value: kiosk.id, label: `${kiosk.name} · ${kiosk.area_name}` });
    groups.set(kiosk.site_name, items);
  }
  const data = [...groups].map(([group, items]) => ({ group, items }));

  const submit = () => {
    if (!kioskId) return setError(t('errors:field.required', labelVars('admin.send.kiosk', t)));
    send.mutate(
      { user_ids: people.map((person) => person.id), kiosk_id: kioskId },
      {
        onSuccess: (result) => {
          notifySendResult(result, new Map(people.map((person) => [person.id, fullName(person)])));
          onDone();
        },
        onError: (failure) => {
          // The kiosk was removed meanwhile: choose another one.
          if (failure instanceof ApiError && failure.status === 404) {
            setError(failure.fields.kiosk_id?.[0] ?? failure.message);
            void kiosks.refetch();
          }
        },
      },
    );
  };

  if (kiosks.isPending) return <Skeleton h={120} />;
  const body =
    people.length === 1
      ? t('admin.send.body', { count: 1, name: fullName(people[0]!) })
      : t('admin.send.body', { count: people.length });

  return (
    <Stack gap="md">
      <Text size="sm">{body}</Text>
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        {t('admin.send.rules', { days: Math.round(RFID_LINK_TTL_MS / DAY_MS) })}
      </Alert>
      {data.length === 0 ? (
        <Alert color="orange" variant="light" data-testid="rfid-send-no-kiosks">
          {t('admin.send.no_kiosks')}
        </Alert>
      ) : (
        <Select
          label={t('admin.send.kiosk')}
          placeholder={t('admin.send.kiosk_placeholder')}
          data={data}
          value={kioskId}
          onChange={(value) => {
            setKioskId(value);
            setError(null);
          }}
          searchable
          required
          nothingFoundMessage={t('admin.send.nothing_found')}
          comboboxProps={{ withinPortal: true }}
          error={error}
          data-autofocus
          data-testid="rfid-send-kiosk"
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={submit}
          loading={send.isPending}
          disabled={data.length === 0}
          data-testid="rfid-send-confirm"
        >
          {t('admin.send.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Confirms a send of enrolment instructions for a chosen kiosk and reports the result. */
export function SendInstructionsModal({
  state,
  onClose,
  onSent,
}: {
  state: SendState;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('rfid');
  return (
    <Modal opened={state !== null} onClose={onClose} title={t('admin.send.title')} centered>
      {state && (
        <SendForm
          people={state}
          onCancel={onClose}
          onDone={() => {
            onSent();
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
