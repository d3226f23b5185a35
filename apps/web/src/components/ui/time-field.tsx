import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/**
 * A time of day in two spin fields (hours, minutes). Mantine names only the first field after the
 * label and reads an empty one as "--" or 0: each field here says which time and which part it is
 * ("Start time: minutes"), and "not set" while empty.
 */
export function TimeField({ hoursInputProps, minutesInputProps, ...props }: TimePickerProps) {
  const { t } = useTranslation('common');
  const field = typeof props.label === 'string' ? props.label : null;
  const [hours, minutes] = typeof props.value === 'string' && props.value !== '' ? props.value.split(':') : [];
  const name = (part: 'hours' | 'minutes') => (field ? t(`time.${part}_of`, { field }) : t(`time.${part}`));
  return (
    <TimePicker
      hoursInputLabel={name('hours')}
      minutesInputLabel={name('minutes')}
      hoursInputProps={{ 'aria-valuetext': hours ?? t('time.empty'), ...hoursInputProps }}
      minutesInputProps={{ 'aria-valuetext': minutes ?? t('time.empty'), ...minutesInputProps }}
      {...props}
    />
  );
}
