import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconUrgent, type Icon } from '@tabler/icons-react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerEventPayload } from '@app/shared/realtime/events';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { requestModals, type ModalsModule } from '@/lib/overlays';
import { endedSessionPlace } from '../utils/after-refresh';

type Started = ServerEventPayload<'pongStartSessionDiffAdmin'>;
type Ended = ServerEventPayload<'pongEndSessionDiffAdmin'>;

const STARTED_ID = 'emergency-session-started';
const ENDED_ID = 'emergency-session-ended';

const sessionHref = (sessionId: string, sessionName: string) =>
  hrefFor(paths.emergencySession, { sessionName, sessionId });

type ModalAction = { label: string; onClick: () => void; primary?: boolean; testId: string };

/** `color` for the icon; `buttonColor` a shade of it that white text reads on (WCAG AA). */
function SessionEventBody(props: {
  icon: Icon;
  color: string;
  buttonColor: string;
  message: string;
  actions: ModalAction[];
}) {
  const { icon: EventIcon } = props;
  return (
    <Stack gap="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" color={props.color} style={{ flexShrink: 0 }}>
          <EventIcon size={24} />
        </ThemeIcon>
        <Text size="sm" pt={4} data-testid="session-event-message">
          {props.message}
        </Text>
      </Group>
      <Group justify="flex-end" gap="sm">
        {props.actions.map((action) => (
          <Button
            key={action.testId}
            variant={action.primary ? 'filled' : 'default'}
            color={action.primary ? props.buttonColor : undefined}
            onClick={action.onClick}
            data-testid={action.testId}
            data-autofocus={action.primary || undefined}
          >
            {action.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function StartedBody({ payload, close }: { payload: Started; close: () => void }) {
  const { t } = useTranslation('events');
  return (
    <SessionEventBody
      icon={IconUrgent}
      color="red"
      buttonColor="red.8"
      message={t('emergency_session.started_body', {
        name: payload.user.fullName || t('emergency_session.someone'),
        session: payload.sessionName,
      })}
      actions={[
        { label: t('emergency_session.dismiss'), onClick: close, testId: 'session-started-dismiss' },
        {
          label: t('emergency_session.join'),
          primary: true,
          onClick: () => {
            close();
            navigateTo(sessionHref(payload.sessionId, payload.sessionName));
          },
          testId: 'session-started-join',
        },
      ]}
    />
  );
}

function EndedBody({ payload, close }: { payload: Ended; close: () => void }) {
  const { t } = useTranslation(['events', 'common']);
  // Already where the session shows as ended: the modal only tells (spec: only Okay on the sessions list).
  const here = endedSessionPlace(window.location.pathname, payload.sessionId) !== 'elsewhere';
  const message = t('events:emergency_session.ended_body', {
    name: payload.userName || t('events:emergency_session.someone'),
    session: payload.sessionName,
  });
  const actions: ModalAction[] = here
    ? [{ label: t('common:actions.okay'), primary: true, onClick: close, testId: 'session-ended-okay' }]
    : [
        { label: t('events:emergency_session.dismiss'), onClick: close, testId: 'session-ended-dismiss' },
        {
          label: t('events:emergency_session.view'),
          primary: true,
          onClick: () => {
            close();
            navigateTo(sessionHref(payload.sessionId, payload.sessionName));
          },
          testId: 'session-ended-view',
        },
      ];
  return (
    <SessionEventBody icon={IconCircleCheck} color="teal" buttonColor="teal.9" message={message} actions={actions} />
  );
}

/** One modal of each kind: a second start (or end) replaces the first rather than stacking on it. */
function openOne(modals: ModalsModule['modals'], id: string, title: string, body: (close: () => void) => ReactElement) {
  modals.close(id);
  const close = () => modals.close(id);
  modals.open({ modalId: id, title, centered: true, children: body(close) });
}

/** 'Session Started' (spec §4): another admin started a session this person may join; Join or Dismiss. */
export function openSessionStartedModal(payload: Started): void {
  void requestModals().then(({ modals }) =>
    openOne(modals, STARTED_ID, i18next.t('events:emergency_session.started_title'), (close) => (
      <StartedBody payload={payload} close={close} />
    )),
  );
}

/** 'Session Ended' (spec §4): View or Dismiss, only Okay when already on the sessions list. */
export function openSessionEndedModal(payload: Ended): void {
  void requestModals().then(({ modals }) => {
    // The session that ended is no longer one to join.
    modals.close(STARTED_ID);
    openOne(modals, ENDED_ID, i18next.t('events:emergency_session.ended_title'), (close) => (
      <EndedBody payload={payload} close={close} />
    ));
  });
}
