/** Every RFID query sits under this key: a send or a removal refreshes the list with one invalidation. */
export const rfidRootKey = ['rfid'] as const;
