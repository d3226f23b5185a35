import { describe, expect, it } from 'vitest';
import type { PreRegistrationDone } from '@app/shared/pre-registration/schemas';
import { readVisitDone, saveVisitDone } from './visit-done';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const done: PreRegistrationDone = {
  message: 'Created successfully',
  visit_id: '0197a3c2-7c1e-7000-8000-000000000001',
  stage: 'awaiting_approval',
  approval: 'awaiting',
  qr: 'data:image/png;base64,iVBORw0KGgo=',
  link_code: 'AB12CD34',
  compliance_url: 'http://localhost/online-compliance/tok',
  expectedDateTime: '2026-05-04 10:00:00',
  pass_id: 'tok',
};

describe('the success page’s stored answer', () => {
  it('is kept per link and read back', () => {
    const storage = new MemoryStorage();
    saveVisitDone('link-1', done, storage);
    expect(readVisitDone('link-1', storage)).toEqual(done);
    expect(readVisitDone('link-2', storage)).toBeNull();
  });

  it('reads anything else as nothing rather than breaking the page', () => {
    const storage = new MemoryStorage();
    storage.setItem('pre-registration.done.a', '{not json');
    storage.setItem('pre-registration.done.b', JSON.stringify({ ...done, qr: 42 }));
    expect(readVisitDone('a', storage)).toBeNull();
    expect(readVisitDone('b', storage)).toBeNull();
  });
});
