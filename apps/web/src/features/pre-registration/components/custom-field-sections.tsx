import { Fieldset, Stack } from '@mantine/core';
import type { PreRegistrationInfo } from '@app/shared/pre-registration/schemas';
import { CustomFieldInput, type CustomFieldValue } from '@/components/custom-fields/custom-field-input';

type PublicField = PreRegistrationInfo['custom_fields'][number];

type CustomFieldSectionsProps = {
  fields: readonly PublicField[];
  values: Record<string, CustomFieldValue>;
  onChange: (id: string, value: CustomFieldValue) => void;
  errors: Record<string, unknown>;
  /** false on the confirmation form: values the person already gave are kept when left empty. */
  enforceRequired: boolean;
};

/** The company's profile fields, grouped by their sections in the company's order. */
export function CustomFieldSections({ fields, values, onChange, errors, enforceRequired }: CustomFieldSectionsProps) {
  const sections = new Map<string, { name: string; fields: PublicField[] }>();
  for (const field of fields) {
    const section = sections.get(field.section.id) ?? { name: field.section.name, fields: [] };
    section.fields.push(field);
    sections.set(field.section.id, section);
  }
  return (
    <>
      {[...sections.entries()].map(([id, section]) => (
        <Fieldset key={id} legend={section.name} radius="md" data-testid={`pre-registration-section-${id}`}>
          <Stack gap="sm">
            {section.fields.map((field) => {
              const error = errors[`custom_fields.${field.id}`];
              return (
                <CustomFieldInput
                  key={field.id}
                  field={{ ...field, required: enforceRequired && field.required }}
                  value={values[field.id] ?? null}
                  onChange={(value) => onChange(field.id, value)}
                  error={typeof error === 'string' ? error : undefined}
                  testId={`pre-registration-field-${field.id}`}
                />
              );
            })}
          </Stack>
        </Fieldset>
      ))}
    </>
  );
}
