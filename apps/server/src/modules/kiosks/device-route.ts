import { deviceRateLimit } from '../../plugins/rate-limits';

// A registered kiosk's calls: public routes that carry its device token (`Authorization: Bearer …`).
// The kiosks of a site often share one public address: each registered kiosk has its own allowance
// (DEVICE_RATE_LIMIT), whatever its neighbours send (decision 037).
export const DEVICE_ROUTE = {
  access: { auth: 'public' as const, deviceToken: true },
  rateLimit: deviceRateLimit(),
};

/** The device token of an `Authorization: Bearer <token>` header. */
export const bearer = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)$/i)?.[1];
