/** Every kiosk review query sits under this key: a resolve or a review event refreshes them all with one invalidation. */
export const kioskReviewsRootKey = ['kiosk-reviews'] as const;
