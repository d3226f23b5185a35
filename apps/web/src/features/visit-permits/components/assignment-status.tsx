import { Badge, Switch, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AssignmentStatus } from '@app/shared/visit-permits/schemas';

export function StatusBadge({ status, testId = 'permit-status' }: { status: AssignmentStatus; testId?: string }) {
  const { t } = useTranslation('visit-permits');
  return (
    <Badge variant="light" color={status === 'active' ? 'teal' : 'orange'} data-testid={testId} data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

type StatusSwitchProps = {
  status: AssignmentStatus;
  onChange: (status: AssignmentStatus) => void;
  /** What the switch is about, for screen readers ("Weekday contractors for Ada Lovelace"). */
  label: string;
  /** Why the switch says what it says, shown on hover (e.g. "from the user type Contractors"). */
  hint?: string;
  disabled?: boolean;
  testId: string;
};

/** Active or suspended, as a switch: on is active. */
export function StatusSwitch({ status, onChange, label, hint, disabled, testId }: StatusSwitchProps) {
  const { t } = useTranslation('visit-permits');
  const control = (
    <Switch
      checked={status === 'active'}
      onChange={(event) => onChange(event.currentTarget.checked ? 'active' : 'suspended')}
      label={t(`statuses.${status}`)}
      aria-label={t('status_switch', { name: label })}
      color="teal"
      disabled={disabled}
      data-testid={testId}
      data-status={status}
    />
  );
  return hint ? (
    <Tooltip label={hint} withArrow multiline maw={260}>
      <span>{control}</span>
    </Tooltip>
  ) : (
    control
  );
}
