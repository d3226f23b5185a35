import {
  IconAdjustmentsHorizontal,
  IconAlignLeft,
  IconCalendar,
  IconCheckbox,
  IconCircleDot,
  IconHash,
  IconLetterCase,
  IconMoodSmile,
  IconStar,
  IconTags,
  IconToggleRight,
  type Icon,
} from '@tabler/icons-react';
import type { CustomFieldType } from '@app/shared/custom-fields/schemas';

/** One icon per custom-field type, wherever a type is named (lists, the type picker, forms). */
export const CUSTOM_FIELD_TYPE_ICONS: Record<CustomFieldType, Icon> = {
  text: IconLetterCase,
  number: IconHash,
  date: IconCalendar,
  longText: IconAlignLeft,
  ratingScale: IconAdjustmentsHorizontal,
  toggleButton: IconToggleRight,
  labels: IconTags,
  checkboxes: IconCheckbox,
  radioButtons: IconCircleDot,
  stars: IconStar,
  smileys: IconMoodSmile,
};

export function CustomFieldTypeIcon({ type, size = 18 }: { type: CustomFieldType; size?: number }) {
  const TypeIcon = CUSTOM_FIELD_TYPE_ICONS[type];
  return <TypeIcon size={size} stroke={1.6} aria-hidden />;
}
