import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { checkRecordIdParam, isMissingRecord, isRecordId } from './record-id';

const thrown = (fn: () => void): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('record ids in addresses', () => {
  it('takes UUIDs only', () => {
    expect(isRecordId('01a21abd-6c47-77ec-afe8-801ca4c0900c')).toBe(true);
    expect(isRecordId('1')).toBe(false);
    expect(isRecordId('01a21abd-6c47-77ec-afe8-801ca4c0900c ')).toBe(false);
    expect(isRecordId(undefined)).toBe(false);
  });

  it('opens the not-found page for a malformed $id before anything is loaded', () => {
    const sent = thrown(() => checkRecordIdParam({ params: { id: '1' } }));
    expect(isRedirect(sent)).toBe(true);
    expect((sent as { options: { href: string } }).options.href).toBe('/404');
    expect(
      thrown(() => checkRecordIdParam({ params: { id: '01a21abd-6c47-77ec-afe8-801ca4c0900c' } })),
    ).toBeUndefined();
    expect(thrown(() => checkRecordIdParam({ params: {} }))).toBeUndefined();
  });

  it("counts the server's 404, and a 400 about the address, as a record that is not there", () => {
    const error = (status: number, fields: Record<string, string[]> = {}) =>
      new ApiError({ status, code: 'x', message: 'x', fields });
    expect(isMissingRecord(error(404))).toBe(true);
    expect(isMissingRecord(error(400, { id: ['Id is not valid.'] }))).toBe(true);
    expect(isMissingRecord(error(400, { name: ['Name is required.'] }))).toBe(false);
    expect(isMissingRecord(error(500))).toBe(false);
    expect(isMissingRecord(new Error('offline'))).toBe(false);
  });
});
