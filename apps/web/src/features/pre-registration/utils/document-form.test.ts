import { describe, expect, it } from 'vitest';
import { checkDocumentFile, documentFields, documentIssues, emptyDocument } from './document-form';
import { tEnglish } from '@/lib/translate.fixture';

const id = '0197a3c2-7c1e-7000-8000-000000000009';
// The English catalogue: each check reads as the sentence the page shows, naming its field.
const t = tEnglish;
const blob = (head: number[], size = 100) => new Blob([new Uint8Array([...head, ...new Array(size).fill(0)])]);

describe('the vaccine or test document', () => {
  it('takes a PDF, PNG or JPG by its content, at most 5 MB', async () => {
    expect(await checkDocumentFile(blob([0x25, 0x50, 0x44, 0x46, 0x2d]))).toBeNull();
    expect(await checkDocumentFile(blob([0xff, 0xd8, 0xff]))).toBeNull();
    expect(await checkDocumentFile(blob([0x50, 0x4b, 0x03, 0x04]))).toEqual({ code: 'pre_registration_document_type' });
    expect(await checkDocumentFile(blob([0x25, 0x50, 0x44, 0x46, 0x2d], 5 * 1024 * 1024))).toEqual({
      code: 'file_too_large',
      size: '5 MB',
    });
  });

  it('sends what the type uses, and asks the vaccine or the result, a start date and the file', () => {
    const vaccine = { ...emptyDocument(['comirnaty']), start_date: '2026-01-10', result: 'negative' as const };
    expect(documentFields(id, vaccine)).toEqual({
      compliance_id: id,
      type: 'covid_vaccine',
      protocol: 'comirnaty',
      start_date: '2026-01-10',
    });
    expect(documentIssues(id, { ...vaccine, protocol: null }, null, t)).toEqual({
      protocol: 'Choose the vaccine.',
      file: 'Choose a file to upload.',
    });
    const test = { ...emptyDocument([]), type: 'test' as const, start_date: null };
    expect(Object.keys(documentIssues(id, test, new File(['x'], 'a.pdf'), t)).sort()).toEqual(['result', 'start_date']);
    expect(documentIssues(id, { ...vaccine, expiry_date: '2026-01-01' }, new File(['x'], 'a.pdf'), t).expiry_date).toBe(
      'The expiry date cannot be before the start date.',
    );
  });
});
