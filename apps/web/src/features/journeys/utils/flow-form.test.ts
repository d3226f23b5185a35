import { describe, expect, it } from 'vitest';
import { createFlowsBodySchema } from '@app/shared/journeys/schemas';
import {
  checkAvailable,
  createBody,
  emptyFlowValues,
  fieldLabelKey,
  moveItem,
  toggleInput,
  withCheck,
} from './flow-form';

describe('flow form', () => {
  it('starts from the shared defaults and makes a body the shared schema accepts', () => {
    const values = { ...emptyFlowValues(), user_type_ids: ['0190a7a2-0000-7000-8000-000000000002'] };
    expect(values.checks.temperature_threshold).toBe('37.5');
    const parsed = createFlowsBodySchema.parse(createBody(values));
    expect(parsed.checks.temperature_threshold).toBe(37.5);
  });

  it('switches dependent checks off with the check they need', () => {
    let checks = emptyFlowValues().checks;
    expect(checkAvailable(checks, 'print_badge_host')).toBe(false);
    checks = withCheck(withCheck(checks, 'host', true), 'print_badge', true);
    checks = withCheck(checks, 'print_badge_host', true);
    expect(checkAvailable(checks, 'print_badge_host')).toBe(true);
    checks = withCheck(checks, 'host', false);
    expect(checks.print_badge_host).toBe(false);
    expect(checks.print_badge).toBe(true);
  });

  it('keeps input methods in their order and moves compliances', () => {
    const order = ['qr_code', 'face', 'rfid', 'name_search'] as const;
    expect(toggleInput(['name_search'], 'qr_code', true, order)).toEqual(['qr_code', 'name_search']);
    expect(toggleInput(['qr_code', 'face'], 'qr_code', false, order)).toEqual(['face']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('names a nested field by its last part', () => {
    expect(fieldLabelKey('errors:fields.checks.temperature_threshold')).toBe('errors:fields.temperature_threshold');
    expect(fieldLabelKey('errors:field.required')).toBe('errors:field.required');
  });
});
