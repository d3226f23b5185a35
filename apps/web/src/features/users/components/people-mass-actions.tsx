import { Button, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconCategory,
  IconFaceId,
  IconIdBadge2,
  IconMailForward,
  IconPlayerPlay,
  IconTag,
  IconUserOff,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_LIMITS, type MassResult, type Person } from '@app/shared/people/schemas';
import { QUICK_PASS_MAX } from '@app/shared/quick-passes/schemas';
import { hrefFor, paths } from '@/config/paths';
import { useFaceSignInOn } from '@/lib/face-settings';
import { notifyError } from '@/lib/notify';
import { useActivatePeople } from '../api/activate-people';
import { useArchivePeople } from '../api/archive-people';
import { useRevokePeople } from '../api/revoke-people';
import { AddLabelModal } from './add-label-modal';
import { ChangeUserTypeModal } from './change-user-type-modal';
import { GenerateFaceIdsModal } from './generate-face-ids-modal';
import { InvitePanel } from './invite-panel';
import { notifyMassResult } from './notify-mass-result';
import { PeopleNames } from './people-names';

/** A note under the confirmation: who will be left out, and why. */
function Skips({ people, reason }: { people: readonly Person[]; reason: string }) {
  if (people.length === 0) return null;
  return (
    <Stack gap={4} data-testid="mass-confirm-skips">
      <Text size="sm" c="orange.8" fw={500}>
        {reason}
      </Text>
      <PeopleNames people={people} />
    </Stack>
  );
}

type OpenModal = 'invite' | 'user-types' | 'labels' | 'face-ids' | null;

/** The mass actions of the users grid (spec "Users list with mass actions"), each asked first. */
export function PeopleMassActions({ people, onDone }: { people: Person[]; onDone: () => void }) {
  const { t } = useTranslation('users');
  const archive = useArchivePeople();
  const activate = useActivatePeople();
  const revoke = useRevokePeople();
  const [open, setOpen] = useState<OpenModal>(null);
  // The users screen is the `users` permission's already; the action also needs face sign-in on.
  const faceSignInOn = useFaceSignInOn();
  const ids = people.map((p) => p.id);
  const names = new Map(people.map((p) => [p.id, p.full_name]));

  const tooMany = () => {
    if (people.length <= PERSON_LIMITS.massMax) return false;
    notifyError(t('mass.over_limit', { max: PERSON_LIMITS.massMax }));
    return true;
  };

  const confirm = (options: {
    title: string;
    body: string;
    skips?: ReactNode;
    label: string;
    color?: string;
    testId: string;
    run: () => Promise<MassResult>;
    toast: string;
    done: (count: number) => string;
  }) => {
    if (tooMany()) return;
    modals.openConfirmModal({
      title: options.title,
      children: (
        <Stack gap="sm">
          <Text size="sm">{options.body}</Text>
          <PeopleNames people={people} />
          {options.skips}
        </Stack>
      ),
      labels: { confirm: options.label, cancel: t('common:actions.cancel') },
      confirmProps: { color: options.color, 'data-testid': `${options.testId}-confirm` },
      onConfirm: () =>
        void options
          .run()
          .then((result) => {
            notifyMassResult({ title: options.toast, done: options.done, result, names });
            onDone();
          })
          // The API client already reported the failure.
          .catch(() => undefined),
    });
  };

  const protectedPeople = people.filter((p) => p.is_default || p.is_self);

  const askArchive = () =>
    confirm({
      title: t('mass.archive.title', { count: people.length }),
      body: t('mass.archive.body', { count: people.length }),
      skips: <Skips people={protectedPeople} reason={t('mass.archive.skips')} />,
      label: t('mass.archive.confirm'),
      color: 'red',
      testId: 'mass-archive',
      run: () => archive.mutateAsync({ person_ids: ids }),
      toast: t('toasts.status_updated'),
      done: (count) => t('mass.archived', { count }),
    });

  const askActivate = () =>
    confirm({
      title: t('mass.activate.title', { count: people.length }),
      body: t('mass.activate.body', { count: people.length }),
      label: t('mass.activate.confirm'),
      testId: 'mass-activate',
      run: () => activate.mutateAsync({ person_ids: ids }),
      toast: t('toasts.status_updated'),
      done: (count) => t('mass.activated', { count }),
    });

  const askRevoke = () =>
    confirm({
      title: t('mass.revoke.title', { count: people.length }),
      body: t('mass.revoke.body', { count: people.length }),
      skips: <Skips people={protectedPeople} reason={t('mass.revoke.skips')} />,
      label: t('mass.revoke.confirm'),
      color: 'red',
      testId: 'mass-revoke',
      run: () => revoke.mutateAsync({ person_ids: ids }),
      toast: t('toasts.passport_revoked'),
      done: (count) => t('mass.revoked', { count }),
    });

  // Spec §6: QuickPasses cannot be printed for default users; archived people get none either.
  const askQuickPass = () => {
    const printable = people.filter((p) => !p.is_default && p.status === 'active');
    const defaults = people.filter((p) => p.is_default);
    const archived = people.filter((p) => !p.is_default && p.status !== 'active');
    const tooManyPasses = printable.length > QUICK_PASS_MAX;
    modals.openConfirmModal({
      title: t('mass.quick_pass.title', { count: printable.length }),
      children: (
        <Stack gap="sm">
          <Text size="sm">{t('mass.quick_pass.body', { count: printable.length })}</Text>
          <PeopleNames people={printable} />
          <Skips people={defaults} reason={t('errors:quick_pass_default_user')} />
          <Skips people={archived} reason={t('errors:quick_pass_archived')} />
          {tooManyPasses && (
            <Text size="sm" c="red">
              {t('mass.quick_pass.over_limit', { max: QUICK_PASS_MAX })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('mass.quick_pass.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { disabled: printable.length === 0 || tooManyPasses, 'data-testid': 'mass-quick-pass-confirm' },
      onConfirm: () => {
        const href = hrefFor(paths.quickPassPrint, {}, { ids: printable.map((p) => p.id).join(',') });
        window.open(href, '_blank', 'noopener');
      },
    });
  };

  // Shades dark enough for their labels on white (WCAG AA 4.5:1 at this size): the theme's red, teal and
  // orange are 3–3.8:1, and no orange reaches it, so revoking is pink.
  const button = (label: string, icon: ReactNode, onClick: () => void, testId: string, color?: string) => (
    <Button size="compact-sm" variant="white" color={color} leftSection={icon} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );

  return (
    <>
      {button(t('mass.archive.button'), <IconArchive size={14} />, askArchive, 'mass-archive', 'red.9')}
      {button(t('mass.activate.button'), <IconPlayerPlay size={14} />, askActivate, 'mass-activate', 'teal.9')}
      {button(
        t('mass.invite.button'),
        <IconMailForward size={14} />,
        () => !tooMany() && setOpen('invite'),
        'mass-invite',
      )}
      {button(t('mass.revoke.button'), <IconUserOff size={14} />, askRevoke, 'mass-revoke', 'pink.9')}
      {button(
        t('mass.user_types.button'),
        <IconCategory size={14} />,
        () => !tooMany() && setOpen('user-types'),
        'mass-user-types',
      )}
      {button(t('mass.labels.button'), <IconTag size={14} />, () => !tooMany() && setOpen('labels'), 'mass-labels')}
      {button(t('mass.quick_pass.button'), <IconIdBadge2 size={14} />, askQuickPass, 'mass-quick-pass', 'grape')}
      {faceSignInOn &&
        button(t('mass.face_ids.button'), <IconFaceId size={14} />, () => setOpen('face-ids'), 'mass-face-ids')}

      <Modal opened={open === 'invite'} onClose={() => setOpen(null)} title={t('invite.title')} size="xl" centered>
        {open === 'invite' && (
          <InvitePanel
            personIds={ids}
            onCancel={() => setOpen(null)}
            onDone={() => {
              setOpen(null);
              onDone();
            }}
          />
        )}
      </Modal>
      <ChangeUserTypeModal
        opened={open === 'user-types'}
        people={people}
        onClose={() => setOpen(null)}
        onDone={() => {
          setOpen(null);
          onDone();
        }}
      />
      {/* A user type's face IDs, not the selection's: the selected people only suggest the user type. */}
      <GenerateFaceIdsModal opened={open === 'face-ids'} people={people} onClose={() => setOpen(null)} />
      <AddLabelModal
        opened={open === 'labels'}
        people={people}
        onClose={() => setOpen(null)}
        onDone={() => {
          setOpen(null);
          onDone();
        }}
      />
    </>
  );
}
