import { modals } from '@mantine/modals';
import { IconArrowDownCircle, IconArrowUpCircle, IconReplace } from '@tabler/icons-react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { planName, type PlanId } from '@app/shared/constants';
import { nonDismissable, openEventModal } from '../utils/open-event-modal';
import { EventModalBody } from './event-modal-body';
import { SupportContact } from './support-contact';

const MODAL_ID = 'package-change';

type PackageChange = 'upgraded' | 'downgraded' | 'changed';

const ICONS = { upgraded: IconArrowUpCircle, downgraded: IconArrowDownCircle, changed: IconReplace };
const COLORS = { upgraded: 'teal', downgraded: 'orange', changed: 'indigo' };

function PackageChangeBody({ change, plan, onOkay }: { change: PackageChange; plan: PlanId; onOkay: () => void }) {
  const { t } = useTranslation(['events', 'common']);
  const name = planName(plan);
  return (
    <EventModalBody
      icon={ICONS[change]}
      color={COLORS[change]}
      message={t(`events:package.${change}_body`, { plan: name ? t(`common:plans.${name}`) : plan })}
      onOkay={() => {
        modals.close(MODAL_ID);
        onOkay();
      }}
    >
      <SupportContact />
    </EventModalBody>
  );
}

/** 'Package upgraded', 'Package downgraded' or 'Package changed' (spec §4), with the customer-service contact. */
export function openPackageChangeModal(change: PackageChange, plan: PlanId, onOkay: () => void): void {
  openEventModal(MODAL_ID, {
    title: i18next.t(`events:package.${change}_title`),
    children: <PackageChangeBody change={change} plan={plan} onOkay={onOkay} />,
    ...nonDismissable,
  });
}
