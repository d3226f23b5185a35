// Business constants and limits (spec §9). Both apps read them from here.

export const PLANS = { lite: 1, professional: 2, enterprise: 3 } as const;
export type PlanName = keyof typeof PLANS;
export type PlanId = (typeof PLANS)[PlanName];
export const PLAN_IDS = [1, 2, 3] as const;
export const planName = (id: number): PlanName | undefined =>
  (Object.keys(PLANS) as PlanName[]).find((name) => PLANS[name] === id);

export const PACKAGES = ['Cloud', 'Standalone'] as const;
export type PackageName = (typeof PACKAGES)[number];
export const SUBSCRIPTIONS = ['cloud', 'standalone'] as const;
export type Subscription = (typeof SUBSCRIPTIONS)[number];

export const LANGUAGES = ['en', 'ar', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const LANGUAGE_STORAGE_KEY = 'language';
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const LIMITS = {
  // Every image is decoded on upload, so each rule has a maximum too: its width × height is also the
  // pixel limit that refuses a decompression bomb before it is decoded (4096² ≈ 64 MB to decode).
  logo: { minWidth: 200, maxWidth: 4096, minHeight: 45, maxHeight: 4096, maxBytes: 2 * 1024 * 1024 },
  photo: { minWidth: 250, maxWidth: 4096, minHeight: 300, maxHeight: 4096, maxBytes: 3 * 1024 * 1024 },
  preRegistrationPhoto: { minWidth: 250, maxWidth: 4096, minHeight: 300, maxHeight: 2688, maxBytes: 3 * 1024 * 1024 },
  /** An image sent as a document (agreement file, vaccination certificate): an A4 page scanned at 300 dpi fits. */
  documentImage: { minWidth: 1, maxWidth: 5000, minHeight: 1, maxHeight: 5000, maxBytes: 5 * 1024 * 1024 },
  /** A name an uploader gave a file, as stored and shown. */
  fileNameMax: 200,
  excelMaxBytes: 2 * 1024 * 1024,
  /** The people import's photo zip: its size, each photo's, and how many entries it may hold. */
  zipMaxBytes: 50 * 1024 * 1024,
  zipPhotoMaxBytes: 500 * 1024,
  zipMaxEntries: 1000,
  gracePeriodMinMinutes: 30,
  complianceNoteMin: 20,
  notesMax: 30,
  reasonNameMax: 20,
  durationMinMinutes: 1,
  badgeCustomFieldsMax: 4,
  companyNameDisplay: 16,
  userNameCut: 12,
  userNameCutAbove: 14,
  fahrenheitAbove: 85,
  defaultTemperatureC: 36,
} as const;

export const PAGING = { defaultLimit: 10, defaultPage: 1, maxLimit: 500 } as const;

export const TIMINGS = {
  socketReconnectMs: 3000,
  preloaderHideMs: 500,
  backButtonReloadMs: 500,
  cloudDashboardRouteDelayMs: 500,
  /** Spec §2: /visit_summary clears its figures and waits before it shows. */
  visitSummaryRouteDelayMs: 500,
  modalAfterRefreshMs: 450,
} as const;

export const KIOSK_DATE_FORMATS = ['yyyy-MM-dd', 'dd-MM-yyyy', 'MM-dd-yyyy'] as const;
export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export const DOOR_RELAY_MODES = [0, 1, 2] as const;

export const LAYOUT_MODES = ['light', 'dark', 'compact', 'icon', 'colored'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];
export const LAYOUT_WIDTHS = ['fluid', 'boxed'] as const;
export type LayoutWidth = (typeof LAYOUT_WIDTHS)[number];
export const LAYOUT_SIDEBAR_THEMES = ['light', 'dark', 'colored'] as const;
export const LAYOUT_TOPBAR_THEMES = ['dark', 'light', 'colored'] as const;

export const SESSION = {
  cookie: 'sid',
  csrfCookie: 'csrf',
  csrfHeader: 'x-csrf-token',
  ttlMs: 7 * 24 * 60 * 60 * 1000,
} as const;

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
