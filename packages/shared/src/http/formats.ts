// Two formats the web app checks before it sends a value, without zod (the pages that check them load
// before they show): the same patterns as zod's z.uuid() and z.iso.date(), which the server uses, so
// what passes here passes there (formats.test.ts holds them to it).

/** RFC 9562 UUIDs (versions 1 to 8, the RFC variant) and the nil and max ones, as z.uuid() takes them. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** A calendar day YYYY-MM-DD that exists (29 February only in leap years), as z.iso.date() takes it. */
const ISO_DATE =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const isIsoDate = (value: unknown): value is string => typeof value === 'string' && ISO_DATE.test(value);
