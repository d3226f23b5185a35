/**
 * The namespaces every page shows (the shell's words, the error catalogue, the status and crash
 * screens): loaded at start, and built into one file per language (vite.config.ts).
 */
export const START_NAMESPACES = ['common', 'errors', 'pages'] as const;
