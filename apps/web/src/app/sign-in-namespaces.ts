/** The catalogues the sign-in pages show besides the start ones (sign-in-pages.tsx; the build's weighing). */
export const SIGN_IN_NAMESPACES = ['auth', 'layout'];
