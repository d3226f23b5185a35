import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '@app/shared/webhooks/schemas';
import {
  emptyEndpointValues,
  endpointBody,
  endpointFormErrors,
  endpointFormValues,
  endpointPatch,
  isPlainHttp,
  isWebhookUrl,
  withKind,
} from './endpoint-form';

// The form's own words, named by key with their values, as the catalogue would give them.
const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

const endpoint: WebhookEndpoint = {
  id: '00000000-0000-4000-8000-000000000001',
  endpoint_kind: 'standard',
  endpoint_url: 'https://hooks.acme.test/frontdesk',
  description: null,
  events: ['person.created', 'visit.signed_in'],
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  previous_secret_until: null,
  pending: 0,
  last_attempt: null,
  created_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the endpoint form', () => {
  it('opens an endpoint with its events in order and no description as blank', () => {
    expect(endpointFormValues(endpoint)).toEqual({
      endpoint_kind: 'standard',
      endpoint_url: 'https://hooks.acme.test/frontdesk',
      description: '',
      events: ['visit.signed_in', 'person.created'],
    });
  });

  it('sends the address and description trimmed, an empty description as null', () => {
    expect(
      endpointBody({
        endpoint_kind: 'standard',
        endpoint_url: ' https://x.test/h ',
        description: '  ',
        events: ['person.archived', 'visit.signed_out'],
      }),
    ).toEqual({
      endpoint_kind: 'standard',
      endpoint_url: 'https://x.test/h',
      description: null,
      events: ['visit.signed_out', 'person.archived'],
    });
    // A change never names the kind: it is not changed once made.
    expect(
      endpointPatch({ endpoint_kind: 'slack', endpoint_url: 'https://x.test', description: '', events: [] }),
    ).not.toHaveProperty('endpoint_kind');
    expect(
      endpointBody({
        ...emptyEndpointValues(),
        endpoint_url: 'https://x.test',
        description: ' CRM ',
        events: ['visit.signed_in'],
      }).description,
    ).toBe('CRM');
  });

  it('takes http and https addresses only', () => {
    expect(isWebhookUrl('https://hooks.acme.test/a?b=1')).toBe(true);
    expect(isWebhookUrl('http://127.0.0.1:8080/')).toBe(true);
    expect(isWebhookUrl('ftp://acme.test/')).toBe(false);
    expect(isWebhookUrl('hooks.acme.test')).toBe(false);
    expect(isWebhookUrl('javascript:alert(1)')).toBe(false);
    expect(isPlainHttp('http://127.0.0.1:8080/')).toBe(true);
    expect(isPlainHttp('https://hooks.acme.test')).toBe(false);
  });

  it('takes a complete endpoint', () => {
    expect(
      endpointFormErrors(
        { ...emptyEndpointValues(), endpoint_url: 'https://x.test/h', events: ['visit.signed_in'] },
        t,
      ),
    ).toEqual({});
  });

  it('says under each field what is missing or wrong, and never changes what was typed', () => {
    const values = emptyEndpointValues();
    expect(endpointFormErrors(values, t)).toEqual({
      endpoint_url: 'webhooks:form.url_required',
      events: 'webhooks:form.events_required',
    });
    const typed = { ...emptyEndpointValues(), endpoint_url: 'hooks.acme.test', description: 'd'.repeat(201) };
    const before = structuredClone(typed);
    expect(endpointFormErrors(typed, t)).toEqual({
      endpoint_url: 'webhooks:form.url_invalid',
      description: 'webhooks:form.description_too_long {"max":200}',
      events: 'webhooks:form.events_required',
    });
    expect(typed).toEqual(before);
    expect(endpointFormErrors({ ...typed, endpoint_url: `https://x.test/${'a'.repeat(500)}` }, t).endpoint_url).toBe(
      'webhooks:form.url_too_long {"max":500}',
    );
  });

  it('keeps the chosen events another kind has when the kind changes, and only those', () => {
    const values = {
      ...emptyEndpointValues(),
      endpoint_url: 'https://hooks.slack.test/x',
      events: ['visit.signed_in' as const],
    };
    expect(withKind(values, 'slack')).toEqual({ ...values, endpoint_kind: 'slack', events: [] });
    const chat = { ...values, endpoint_kind: 'teams' as const, events: ['host.approval_needed' as const] };
    expect(withKind(chat, 'slack').events).toEqual(['host.approval_needed']);
    expect(withKind(chat, 'slack').endpoint_url).toBe('https://hooks.slack.test/x');
  });
});
