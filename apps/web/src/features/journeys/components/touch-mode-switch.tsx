import { Anchor, Button, Group, List, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { getTouchModeConfirmation } from '../api/get-touch-mode-confirmation';

type TouchModeSwitchProps = {
  /** The journey being changed; a new one has no flows yet, so nothing can stop it. */
  journeyId?: string;
  checked: boolean;
  error?: ReactNode;
  onChange: (on: boolean) => void;
};

const MODAL_ID = 'touch-mode-check';

/**
 * Touch mode (spec §4): switching it off asks the server first which flows have no input method. It
 * goes off only when none does, after the admin confirms; otherwise the flows to fix are listed.
 */
export function TouchModeSwitch({ journeyId, checked, error, onChange }: TouchModeSwitchProps) {
  const { t } = useTranslation('journeys');
  const [checking, setChecking] = useState(false);

  const switchOff = async () => {
    if (!journeyId) return onChange(false);
    setChecking(true);
    // A failed check is reported by the API client; touch mode then stays on.
    const check = await getTouchModeConfirmation(journeyId)
      .catch(() => null)
      .finally(() => setChecking(false));
    if (!check) return;
    if (!check.can_disable) {
      modals.open({
        modalId: MODAL_ID,
        title: t('touch.blocked_title'),
        children: (
          <Stack gap="sm" data-testid="touch-mode-blocked">
            <Text size="sm">{t('touch.blocked_body')}</Text>
            <List size="sm" spacing={4}>
              {check.flows_without_input.map((flow) => (
                <List.Item key={flow.flow_id}>
                  {/* Modals render outside the router: the link navigates through the app's navigator. */}
                  <Anchor
                    href={hrefFor(paths.updateJourneyFlow, { id: flow.flow_id })}
                    onClick={(event) => {
                      event.preventDefault();
                      modals.close(MODAL_ID);
                      navigateTo(hrefFor(paths.updateJourneyFlow, { id: flow.flow_id }));
                    }}
                  >
                    {flow.user_type_name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={() => modals.close(MODAL_ID)} data-testid="touch-mode-blocked-ok">
                {t('common:actions.okay')}
              </Button>
            </Group>
          </Stack>
        ),
      });
      return;
    }
    modals.openConfirmModal({
      title: t('touch.confirm_title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('touch.confirm_body', { count: check.flow_count })}</Text>
          {check.kiosk_count > 0 && (
            <Text size="sm" fw={500}>
              {t('touch.confirm_kiosks', { count: check.kiosk_count })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('touch.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { 'data-testid': 'touch-mode-confirm' },
      onConfirm: () => onChange(false),
    });
  };

  return (
    <Switch
      label={t('form.touch_mode')}
      description={journeyId ? t('form.touch_mode_hint') : t('form.touch_mode_new_hint')}
      checked={checked}
      disabled={checking}
      error={error}
      onChange={(event) => (event.currentTarget.checked ? onChange(true) : void switchOff())}
      data-testid="journey-touch-mode"
    />
  );
}
