/** Every announcements query starts with this key: a change invalidates them all. */
export const announcementsRootKey = ['announcements'] as const;
