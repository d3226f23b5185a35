/** Everything cached about the company's people; a change to anyone refreshes it all. */
export const peopleRootKey = ['people'] as const;
