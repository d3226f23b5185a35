import { newId } from '../../src/lib/ids';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A registered API route's URL as a client calls it, each path parameter a fresh id. */
export const fillRoute = (url: string) => url.replace('/api/v1', '').replace(/:[a-z_]+/gi, () => newId());
