import { describe, expect, it } from 'vitest';
import { attemptOutcome, durationParts, formatMomentWithSeconds, prettyBody } from './attempt-result';

describe('an attempt’s result', () => {
  it('is the status code, a success for any 2xx', () => {
    expect(attemptOutcome({ response_status: 204, error: null })).toEqual({ kind: 'status', code: 204, ok: true });
    expect(attemptOutcome({ response_status: 500, error: null })).toEqual({ kind: 'status', code: 500, ok: false });
    expect(attemptOutcome({ response_status: 410, error: null })).toEqual({ kind: 'status', code: 410, ok: false });
  });

  it('is why nothing came back when there is an error, even with a status', () => {
    expect(attemptOutcome({ response_status: null, error: 'timeout' })).toEqual({
      kind: 'error',
      error: 'timeout',
      code: null,
    });
    expect(attemptOutcome({ response_status: 302, error: 'redirect' })).toEqual({
      kind: 'error',
      error: 'redirect',
      code: 302,
    });
    expect(attemptOutcome({ response_status: null, error: null })).toBeNull();
  });

  it('writes moments with their seconds, on the browser’s clock', () => {
    const at = new Date(2026, 2, 7, 9, 5, 3).toISOString();
    expect(formatMomentWithSeconds(at)).toBe('07/03/2026 09:05:03');
    expect(formatMomentWithSeconds('not a moment')).toBe('');
  });

  it('writes durations in ms under a second, in seconds past it', () => {
    expect(durationParts(42)).toEqual({ unit: 'ms', value: '42' });
    expect(durationParts(15000)).toEqual({ unit: 's', value: '15.0' });
    expect(durationParts(1234)).toEqual({ unit: 's', value: '1.2' });
  });

  it('indents JSON and leaves anything else as it came', () => {
    expect(prettyBody('{"type":"webhook.test","data":{"a":1}}')).toBe(
      '{\n  "type": "webhook.test",\n  "data": {\n    "a": 1\n  }\n}',
    );
    expect(prettyBody('Accepted')).toBe('Accepted');
    expect(prettyBody('')).toBe('');
  });
});
