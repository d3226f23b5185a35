// The flow's custom fields, all on one screen (spec "Custom fields": each checked by its type).
import type { PersonPreview } from '@app/shared/visits/schemas';
import type { FlowIssue, PersonDraft } from '@app/shared/visits/sign-in-form';
import { emptyCustomFieldValue } from '@app/shared/custom-fields/field-values';
import styles from '../sign-in.module.css';
import { useFlowText } from '../flow-text';
import { FieldInput } from './field-input';

export function FieldsScreen({
  person,
  draft,
  onChange,
  issues,
}: {
  person: PersonPreview;
  draft: PersonDraft;
  onChange: (draft: PersonDraft) => void;
  /** Shown once the person has tried to go on. */
  issues: FlowIssue[];
}) {
  const t = useFlowText();
  const errorOf = (id: string) => {
    const issue = issues.find((i) => i.field === `custom_fields.${id}`);
    return issue ? t(issue.key, issue.vars) : undefined;
  };
  return (
    <div className={styles.screenBody} data-testid="kiosk-fields">
      <h2 className={styles.stepTitle}>{t('kiosk-flow:fields.title')}</h2>
      {person.custom_fields.map((field) => (
        <FieldInput
          key={field.id}
          field={field}
          value={draft.customFields[field.id] ?? emptyCustomFieldValue(field.type)}
          onChange={(value) => onChange({ ...draft, customFields: { ...draft.customFields, [field.id]: value } })}
          error={errorOf(field.id)}
        />
      ))}
    </div>
  );
}
