import { Alert, Button, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconForms, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { planHasCustomFields, type Section } from '@app/shared/custom-fields/schemas';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useSession, type StoredSession } from '@/lib/session';
import { useDeleteCustomField } from '../api/delete-custom-field';
import { useDeleteSection } from '../api/delete-section';
import { useSections } from '../api/list-sections';
import { badgeBudget } from '../utils/field-form';
import { BadgeBudgetCard } from './badge-budget-card';
import { confirmDeleteField, confirmDeleteSection } from './delete-confirmations';
import { PlanRequired } from './plan-required';
import { SectionCard } from './section-card';
import { SectionNameModal } from './section-name-modal';

/** `/custom-fields`: the company's sections and their fields (spec §2, §3 "Custom field"). */
export function CustomFieldsPage() {
  const { t } = useTranslation('custom-fields');
  const session = useSession();
  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      {session && !planHasCustomFields(session.entity.plan) ? (
        <PlanRequired session={session} />
      ) : (
        session && <CustomFieldSections session={session} />
      )}
    </Stack>
  );
}

type Open = { kind: 'add' } | { kind: 'rename'; section: Section } | null;

function CustomFieldSections({ session }: { session: StoredSession }) {
  const { t } = useTranslation('custom-fields');
  const canEdit = isAllowed(session.permissions, 'add_custom_field_to_new_section');
  const sections = useSections();
  const removeSection = useDeleteSection();
  const removeField = useDeleteCustomField();
  const [open, setOpen] = useState<Open>(null);
  const deleted = () => notifySuccess(t('deleted'));

  return (
    <>
      <Group justify="space-between" align="center" gap="sm">
        {sections.data ? <BadgeBudgetCard budget={badgeBudget(sections.data)} /> : <span />}
        {canEdit && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => setOpen({ kind: 'add' })}
              data-testid="custom-fields-add-section"
            >
              {t('add_section')}
            </Button>
            <Button
              component={Link}
              to={paths.addCustomField}
              leftSection={<IconPlus size={16} />}
              data-testid="custom-fields-add-field"
            >
              {t('add_field')}
            </Button>
          </Group>
        )}
      </Group>
      {sections.isPending && (
        <Stack gap="md">
          <Skeleton h={140} radius="md" />
          <Skeleton h={140} radius="md" />
        </Stack>
      )}
      {sections.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('load_failed')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void sections.refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {sections.data?.length === 0 && (
        <Stack align="center" gap="xs" py="xl" data-testid="custom-fields-empty">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconForms size={30} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600}>{t('empty.title')}</Text>
          <Text c="dimmed" size="sm" ta="center" maw={440}>
            {t('empty.body')}
          </Text>
        </Stack>
      )}
      <Stack gap="md" data-testid="custom-field-sections">
        {sections.data?.map((section) => (
          <SectionCard
            key={section.id}
            section={section}
            canEdit={canEdit}
            onRename={() => setOpen({ kind: 'rename', section })}
            onDelete={() =>
              confirmDeleteSection(section, () => removeSection.mutate(section.id, { onSuccess: deleted }))
            }
            onDeleteField={(field) =>
              confirmDeleteField(field, () => removeField.mutate(field.id, { onSuccess: deleted }))
            }
          />
        ))}
      </Stack>
      {open && (
        <SectionNameModal section={open.kind === 'rename' ? open.section : undefined} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
