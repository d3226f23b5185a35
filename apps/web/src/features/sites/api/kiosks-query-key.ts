import { sitesRootKey } from './sites-query-key';

// Kiosk queries sit under the sites root key: a kiosk change refreshes the kiosk list and the site
// tree (which lists each area's kiosks) with one invalidation, and a site or area change refreshes
// the kiosks' site and area names.
export const kiosksRootKey = [...sitesRootKey, 'kiosks'] as const;
