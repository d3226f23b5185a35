/** The text file a person downloads to keep their recovery codes. */
export const recoveryCodesFile = (codes: readonly string[], heading: string): string =>
  [heading, '', ...codes, ''].join('\n');
