// The kiosk's real-time connection (decision 044): the gateway's `/kiosk` namespace opened with the
// device token, over a WebSocket. It hears its requests, its settings, that its data changed, and that
// it was deregistered; socket.io reconnects by itself after a drop.
import { io, type Socket } from 'socket.io-client';
import {
  KIOSK_NAMESPACE,
  type KioskClientToServerEvents,
  type KioskServerToClientEvents,
} from '@app/shared/kiosks/channel';

export type KioskSocket = Socket<KioskServerToClientEvents, KioskClientToServerEvents>;

type Payload<E extends keyof KioskServerToClientEvents> = Parameters<KioskServerToClientEvents[E]>[0];

export type ConnectionHandlers = {
  connected: (connected: boolean) => void;
  /**
   * The handshake was refused with `kiosk_not_registered`. The server also says so when it could not
   * look the token up, so the app asks over HTTP before it gives the token up.
   */
  refused: () => void;
  /** A remote request; the answer is the acknowledgement (delivered). */
  request: (request: Payload<'request'>) => { ok: boolean };
  requestEnded: (payload: Payload<'requestEnded'>) => void;
  screenWatch: (payload: Payload<'screenWatch'>) => void;
  settings: (payload: Payload<'settings'>) => void;
  dataChanged: (payload: Payload<'dataChanged'>) => void;
  deregistered: () => void;
};

export function connectKiosk(token: string, on: ConnectionHandlers): () => void {
  const socket: KioskSocket = io(KIOSK_NAMESPACE, {
    auth: { token },
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });
  socket.on('connect', () => on.connected(true));
  socket.on('disconnect', () => on.connected(false));
  socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
    on.connected(false);
    if (error.message === 'kiosk_not_registered' || error.data?.code === 'kiosk_not_registered') on.refused();
  });
  socket.on('request', (request, ack) => ack(on.request(request)));
  socket.on('requestEnded', (payload) => on.requestEnded(payload));
  socket.on('screenWatch', (payload) => on.screenWatch(payload));
  socket.on('settings', (payload) => on.settings(payload));
  socket.on('dataChanged', (payload) => on.dataChanged(payload));
  socket.on('deregistered', () => on.deregistered());
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
