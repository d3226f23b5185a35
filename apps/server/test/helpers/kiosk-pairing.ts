import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { TestClient } from './http-client';

/** A MAC address no other test uses (locally administered). */
export const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

/** Pairs a kiosk into an area the way a tablet does; answers its id, token and a client speaking as it. */
export async function pairKiosk(app: App, admin: TestClient, areaId: string) {
  const device = new TestClient(app);
  const code = await device.post('/public/kiosk-pairings', { mac_address: randomMac(), app_version: '3.1.0' });
  expect(code.statusCode, code.body).toBe(201);
  const { code: shown, secret } = code.json<{ code: string; secret: string }>();
  const added = await admin.post('/kiosks', { code: shown, name: `Kiosk ${shown}`, area_id: areaId });
  expect(added.statusCode, added.body).toBe(201);
  const status = await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': secret });
  device.bearer = status.json<{ device_token: string }>().device_token;
  return { id: added.json<{ id: string }>().id, token: device.bearer, device };
}

/** A kiosk paired into an area and set to run a journey (its flows decide whom it reaches). */
export async function pairJourneyKiosk(app: App, admin: TestClient, areaId: string, journeyId: string) {
  const kiosk = await pairKiosk(app, admin, areaId);
  const assigned = await admin.put(`/journeys/${journeyId}/kiosks`, { kiosk_ids: [kiosk.id] });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return kiosk;
}

/** Opens a kiosk's connection (the `/kiosk` namespace with its device token) to a listening app. */
export async function openKioskSocket(app: App, token: string): Promise<Socket> {
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/kiosk`;
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Waits until `check` holds, failing with `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}
