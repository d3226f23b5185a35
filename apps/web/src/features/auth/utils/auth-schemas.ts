// The sign-in pages check their forms with the shared schemas, fetched (with zod) on the first
// submit: the pages show, and are ready to type in, before either has loaded.
export const loadAuthSchemas = () => import('@app/shared/auth/schemas');
