import type { NotificationsProps } from '@mantine/notifications';
import { useEffect } from 'react';
import { modalsListening, useLoadedOverlays } from '@/lib/overlays';

type OverlaysHostProps = {
  modalLabels: { confirm: string; cancel: string };
  notifications: Pick<NotificationsProps, 'position' | 'zIndex'>;
};

/** Where Mantine's modals and toasts render once something asked for them (lib/overlays.ts). */
export function OverlaysHost({ modalLabels, notifications }: OverlaysHostProps) {
  const loaded = useLoadedOverlays();
  const ModalsProvider = loaded.modals?.ModalsProvider;
  const Notifications = loaded.notifications?.Notifications;
  return (
    <>
      {Notifications && <Notifications {...notifications} />}
      {ModalsProvider && (
        <>
          <ModalsProvider labels={modalLabels} />
          <ModalsListening />
        </>
      )}
    </>
  );
}

// A sibling placed after the provider: its effect runs after the provider's, which add the listeners.
function ModalsListening() {
  useEffect(modalsListening, []);
  return null;
}
