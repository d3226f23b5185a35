/** Every custom-fields query starts with this key, so one invalidation refreshes sections, fields and usage. */
export const customFieldsQueryKey = ['custom-fields'] as const;
