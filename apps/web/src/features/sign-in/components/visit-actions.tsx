// The dashboard's sign-in and sign-out actions (spec §2 "Dashboard: logbook grid, quick sign in, mass
// actions"; §7 mass-action-signin, mass-action-apply-signin, user_action, checkin_users, user_visiting).
import { Button } from '@mantine/core';
import { IconLogin, IconLogout, IconUserPlus } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@app/shared/visits/schemas';
import { GridRowAction } from '@/components/data-grid/grid-row-action';
import { OnceOpened } from '@/components/ui/once-opened';
import { loadCatalogues } from '@/lib/i18n';
import { arrivalOf, rowAction, splitForMassAction } from '../utils/visit-groups';

// The flows (forms, pickers, the shared schemas) are most of this feature's weight: they load when a
// person first opens one, not with the dashboard, and so do the words only their steps use (custom
// fields, compliance questions).
const FLOW_NAMESPACES = ['custom-fields', 'compliances'];
const withFlowWords = <T,>(module: Promise<T>) =>
  Promise.all([module, loadCatalogues(FLOW_NAMESPACES)]).then(([loaded]) => loaded);
const QuickSignInModal = lazy(() =>
  withFlowWords(import('./quick-sign-in-modal')).then((m) => ({ default: m.QuickSignInModal })),
);
const MassSignInModal = lazy(() =>
  withFlowWords(import('./mass-sign-in-modal')).then((m) => ({ default: m.MassSignInModal })),
);
const SignOutModal = lazy(() => withFlowWords(import('./sign-out-modal')).then((m) => ({ default: m.SignOutModal })));

/** The dashboard's "Quick sign in" button: search a person, pick an area, run the person's flow. */
export function QuickSignInButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('sign-in');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={16} />} onClick={() => setOpened(true)} data-testid="quick-sign-in">
        {t('quick.button')}
      </Button>
      <OnceOpened opened={opened}>
        <QuickSignInModal opened={opened} onClose={() => setOpened(false)} onDone={onDone} />
      </OnceOpened>
    </>
  );
}

/**
 * Mass sign-in / sign-out of the selected logbook rows (spec "Mass-action data"): those on site are
 * signed out (with an early reason when one applies), the others signed in again at their area.
 */
export function MassVisitActions({ visits, onDone }: { visits: Visit[]; onDone?: () => void }) {
  const { t } = useTranslation('sign-in');
  const [open, setOpen] = useState<'sign_out' | 'sign_in' | null>(null);
  const split = splitForMassAction(visits);
  const signInCount = split.signIn.reduce((n, g) => n + g.people.length, 0);
  return (
    <>
      {split.signOut.length > 0 && (
        <Button
          size="compact-sm"
          variant="white"
          color="orange"
          leftSection={<IconLogout size={14} />}
          onClick={() => setOpen('sign_out')}
          data-testid="mass-sign-out"
        >
          {t('mass.sign_out', { count: split.signOut.length })}
        </Button>
      )}
      {signInCount > 0 && (
        <Button
          size="compact-sm"
          variant="white"
          leftSection={<IconLogin size={14} />}
          onClick={() => setOpen('sign_in')}
          data-testid="mass-sign-in"
        >
          {t(split.again ? 'mass.sign_in_again' : 'mass.sign_in', { count: signInCount })}
        </Button>
      )}
      <OnceOpened opened={open === 'sign_out'}>
        <SignOutModal
          visits={split.signOut}
          opened={open === 'sign_out'}
          onClose={() => setOpen(null)}
          onDone={onDone}
        />
      </OnceOpened>
      <OnceOpened opened={open === 'sign_in'}>
        <MassSignInModal
          groups={split.signIn}
          opened={open === 'sign_in'}
          onClose={() => setOpen(null)}
          onDone={onDone}
          title={t(split.again ? 'mass.sign_in_again_title' : 'mass.sign_in_title', { count: signInCount })}
        />
      </OnceOpened>
    </>
  );
}

const ROW_ICONS = { sign_out: IconLogout, sign_in: IconLogin, check_in: IconLogin } as const;

/** One row's next action (badge label: Sign out / Sign in / Check in), running the flow. */
export function VisitRowAction({ visit, onDone }: { visit: Visit; onDone?: () => void }) {
  const { t } = useTranslation('sign-in');
  const [opened, setOpened] = useState(false);
  const action = rowAction(visit);
  if (action === null) return null;
  const RowIcon = ROW_ICONS[action];
  return (
    <>
      <GridRowAction
        label={t(`badge_label.${action}`)}
        icon={<RowIcon size={16} />}
        color={action === 'sign_out' ? 'orange' : 'blue'}
        onClick={() => setOpened(true)}
        withLabel
        testId={`visit-row-${action.replace('_', '-')}`}
      />
      <OnceOpened opened={opened}>
        {action === 'sign_out' ? (
          <SignOutModal visits={[visit]} opened={opened} onClose={() => setOpened(false)} onDone={onDone} />
        ) : (
          <MassSignInModal
            groups={[
              {
                areaId: visit.area.id,
                place: `${visit.site.name} › ${visit.area.name}`,
                people: [arrivalOf(visit)],
              },
            ]}
            opened={opened}
            onClose={() => setOpened(false)}
            onDone={onDone}
            title={t(`row.${action}_title`, { name: visit.person.full_name })}
          />
        )}
      </OnceOpened>
    </>
  );
}
