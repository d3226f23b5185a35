import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec §4 "Integration flow": connect, settings and mapping, first sync, review (errors, duplicates, valid users), migrate. */
export const FLOW_STEPS = ['connect', 'settings', 'sync', 'review', 'migrate'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/**
 * Where an integration being set up stands in its flow: an ordered list, the current step marked
 * for screen readers too. The steps are not links: each needs the one before.
 */
export function IntegrationFlowSteps({ active }: { active: FlowStep }) {
  const { t } = useTranslation('integrations');
  const current = FLOW_STEPS.indexOf(active);
  return (
    <Box
      component="ol"
      aria-label={t('steps.label')}
      data-testid="integration-flow-steps"
      data-step={active}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '8px 20px' }}
    >
      {FLOW_STEPS.map((step, index) => {
        const done = index < current;
        const here = index === current;
        return (
          <li key={step} aria-current={here ? 'step' : undefined}>
            <Group gap={8} wrap="nowrap">
              <ThemeIcon
                size={24}
                radius="xl"
                variant={here ? 'filled' : 'light'}
                color={done ? 'teal' : here ? undefined : 'gray'}
                aria-hidden
              >
                {done ? (
                  <IconCheck size={14} />
                ) : (
                  <Text span size="xs" fw={700}>
                    {index + 1}
                  </Text>
                )}
              </ThemeIcon>
              <Text size="sm" fw={here ? 700 : 400} c={here || done ? undefined : 'dimmed'}>
                {t(`steps.${step}`)}
                {done && <VisuallyHidden>{` (${t('steps.completed')})`}</VisuallyHidden>}
              </Text>
            </Group>
          </li>
        );
      })}
    </Box>
  );
}
