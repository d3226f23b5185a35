import { IconCertificate, IconFileText, IconListCheck, IconVaccine, type IconProps } from '@tabler/icons-react';
import type { ComplianceFormat } from '@app/shared/compliances/schemas';

const ICONS = {
  question: IconListCheck,
  agreement: IconFileText,
  statement: IconCertificate,
  vaccine: IconVaccine,
} as const;

export const FORMAT_COLORS: Record<ComplianceFormat, string> = {
  question: 'blue',
  agreement: 'grape',
  statement: 'teal',
  vaccine: 'orange',
};

/** The icon that stands for a compliance format in the list, the form and the filters. */
export function ComplianceFormatIcon({ format, ...props }: IconProps & { format: ComplianceFormat }) {
  const Icon = ICONS[format];
  return <Icon size={16} aria-hidden {...props} />;
}
