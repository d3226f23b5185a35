// A host alert written for a chat channel (issue 29): a Slack incoming webhook's Block Kit message, or
// an Adaptive Card for a Microsoft Teams incoming webhook (or a Teams workflow "when a webhook request
// is received"), in the host's language. Made when the message is sent, from what the outbox keeps.
import type { FastifyInstance } from 'fastify';
import { isLanguage, RTL_LANGUAGES, type Language } from '@app/shared/constants';
import type { WebhookKind } from '@app/shared/webhooks/schemas';
import { HOST_APPROVAL_LINK_HOURS } from '@app/shared/webhooks/host-approvals';
import { t } from '../../lib/i18n';
import type { HostAlertData } from './host-alerts';
import { hostApprovalUrl } from './host-approval-links';

type Payload = { type: string; timestamp: string; data: Record<string, unknown> };

/** The words of one message: a title, a sentence, facts, and links (label and URL). */
export type ChatText = {
  lang: Language;
  title: string;
  body: string;
  facts: { label: string; value: string }[];
  links: { label: string; url: string; style?: 'primary' | 'danger' }[];
  note: string | null;
};

const key = (k: string) => `errors:host_alert.${k}`;

/** A company-clock reading (`YYYY-MM-DD HH:mm`) as the product writes dates: DD/MM/YYYY HH:mm. */
const readable = (stamp: string) => stamp.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3/$2/$1');

export function chatText(app: FastifyInstance, payload: Payload): ChatText {
  if (payload.type === 'webhook.test') {
    const company = String((payload.data.company as { name?: string } | undefined)?.name ?? '');
    return {
      lang: 'en',
      title: t('en', key('test_title')),
      body: t('en', key('test_body'), { company }),
      facts: [],
      links: [],
      note: null,
    };
  }
  const d = payload.data as HostAlertData;
  const lang: Language = isLanguage(d.lang) ? d.lang : 'en';
  const time = readable(d.time);
  const vars = { host: d.host.name, visitor: d.visitor.name, site: d.site, area: d.area, time, company: d.company };
  const facts = [
    { label: t(lang, key('place')), value: `${d.area}, ${d.site}` },
    { label: t(lang, key('time')), value: time },
    ...(d.visitor.company ? [{ label: t(lang, key('visitor_company')), value: d.visitor.company }] : []),
  ];
  const links: ChatText['links'] = [];
  if (d.approval) {
    links.push(
      { label: t(lang, key('approve')), url: hostApprovalUrl(app, d.approval.link_id, 'approve'), style: 'primary' },
      { label: t(lang, key('reject')), url: hostApprovalUrl(app, d.approval.link_id, 'reject'), style: 'danger' },
    );
  }
  if (d.photo_url) links.push({ label: t(lang, key('photo')), url: `${app.env.appUrl}${d.photo_url}` });
  const approval = payload.type === 'host.approval_needed';
  const which = approval
    ? d.waiting
      ? 'waiting'
      : 'approval'
    : payload.type === 'host.visitor_late'
      ? 'late'
      : 'arrived';
  return {
    lang,
    title: t(lang, key(`${which}_title`), vars),
    body: t(lang, key(`${which}_body`), vars),
    facts,
    links,
    note: approval ? t(lang, key('approval_note'), { hours: HOST_APPROVAL_LINK_HOURS }) : null,
  };
}

/** Slack's mrkdwn takes &, < and > as markup: a visitor's name is never a link or a mention. */
const slackEscape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function slackMessage(m: ChatText) {
  const buttons = m.links.map((l) => ({
    type: 'button',
    text: { type: 'plain_text', text: l.label },
    url: l.url,
    ...(l.style ? { style: l.style } : {}),
  }));
  return {
    text: `${m.title}: ${m.body}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${slackEscape(m.title)}*\n${slackEscape(m.body)}` } },
      ...(m.facts.length
        ? [
            {
              type: 'section',
              fields: m.facts.map((f) => ({
                type: 'mrkdwn',
                text: `*${slackEscape(f.label)}*\n${slackEscape(f.value)}`,
              })),
            },
          ]
        : []),
      ...(buttons.length ? [{ type: 'actions', elements: buttons }] : []),
      ...(m.note ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(m.note) }] }] : []),
    ],
  };
}

export function teamsMessage(m: ChatText) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.5',
          rtl: RTL_LANGUAGES.includes(m.lang),
          body: [
            { type: 'TextBlock', text: m.title, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: m.body, wrap: true },
            ...(m.facts.length
              ? [{ type: 'FactSet', facts: m.facts.map((f) => ({ title: f.label, value: f.value })) }]
              : []),
            ...(m.note ? [{ type: 'TextBlock', text: m.note, isSubtle: true, size: 'Small', wrap: true }] : []),
          ],
          actions: m.links.map((l) => ({
            type: 'Action.OpenUrl',
            title: l.label,
            url: l.url,
            ...(l.style === 'primary' ? { style: 'positive' } : l.style === 'danger' ? { style: 'destructive' } : {}),
          })),
        },
      },
    ],
  };
}

/** The body a chat endpoint is sent for a message the outbox keeps. */
export function chatBody(app: FastifyInstance, kind: Exclude<WebhookKind, 'standard'>, storedBody: string): string {
  const text = chatText(app, JSON.parse(storedBody) as Payload);
  return JSON.stringify(kind === 'slack' ? slackMessage(text) : teamsMessage(text));
}
