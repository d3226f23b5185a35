// The performance targets the bench judges each case by (fixed by the performance issue).
export const TARGETS = {
  /** GET /auth/me and GET /sites, as a share of the bare node:http server's requests per second. */
  authMeRatio: 0.5,
  sitesRatio: 0.2,
  /** People list and logbook: p95 at a moderate concurrency; the people list also against its raw SQL. */
  listP95Ms: 50,
  listVsRawSql: 2,
  /** Sign-ins with the API token, sustained, on PostgreSQL. */
  signInRate: 300,
  signInP99Ms: 250,
  /** Sign-in send → every open dashboard showing it. */
  liveP95Ms: 500,
  /** Initial JS + CSS, compressed, in kilobytes of 1,000 bytes. */
  loginKb: 150,
  dashboardKb: 300,
  lighthousePerformance: 0.9,
  lcpMs: 1_500,
  tbtMs: 200,
  cls: 0.05,
  startupMs: 15_000,
  idleRssMb: { embedded: 300, postgres: 150 },
} as const;
