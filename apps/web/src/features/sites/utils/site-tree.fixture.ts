// Site tree nodes for unit tests: an area as GET /sites/tree lists it, without kiosks or doors.
import type { SiteTree } from '@app/shared/sites/schemas';

export const treeArea = (id: string, text: string, siteId: string): SiteTree[number]['children'][number] => ({
  id,
  value: id,
  text,
  name: text,
  site_id: siteId,
  login_mode: 'signIn_signOut',
  auto_sign_out: 'after_24h',
  status: true,
  capacity: null,
  daily_visitor_limit: null,
  kiosks: [],
  doors: [],
});
