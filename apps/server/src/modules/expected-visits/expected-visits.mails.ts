// The emails of expected visits, in the company's three languages: the visitor's confirmation link
// and the hosts' notice of an admin's decision (the visitor's own receipts: visitor-mails.ts).
import type { Language } from '@app/shared/constants';
import type { Mail } from '../mail/mailer';

type Template = { subject: string; body: string };
type Templates = {
  invite: Template;
  approved: Template;
  rejected: Template;
};

const TEMPLATES: Record<Language, Templates> = {
  en: {
    invite: {
      subject: 'Your visit to {{company}}',
      body: 'Hello {{name}},\n\n{{company}} expects you on {{date}} at {{time}} at {{place}}.\n\nPlease confirm your visit, and complete what is asked before you arrive, with this link:\n{{link}}\n\nYour visit code: {{code}}',
    },
    approved: {
      subject: 'Visit approved: {{visitor}}',
      body: 'Hello {{name}},\n\nThe visit of {{visitor}} to {{place}} on {{date}} at {{time}} has been approved.',
    },
    rejected: {
      subject: 'Visit rejected: {{visitor}}',
      body: 'Hello {{name}},\n\nThe visit of {{visitor}} to {{place}} on {{date}} at {{time}} has been rejected.',
    },
  },
  ar: {
    invite: {
      subject: 'زيارتك إلى {{company}}',
      body: 'مرحبًا {{name}}،\n\nتتوقع {{company}} زيارتك في {{date}} الساعة {{time}} في {{place}}.\n\nيرجى تأكيد زيارتك وإكمال المطلوب قبل وصولك عبر هذا الرابط:\n{{link}}\n\nرمز زيارتك: {{code}}',
    },
    approved: {
      subject: 'تمت الموافقة على الزيارة: {{visitor}}',
      body: 'مرحبًا {{name}}،\n\nتمت الموافقة على زيارة {{visitor}} إلى {{place}} في {{date}} الساعة {{time}}.',
    },
    rejected: {
      subject: 'تم رفض الزيارة: {{visitor}}',
      body: 'مرحبًا {{name}}،\n\nتم رفض زيارة {{visitor}} إلى {{place}} في {{date}} الساعة {{time}}.',
    },
  },
  es: {
    invite: {
      subject: 'Su visita a {{company}}',
      body: 'Hola {{name}}:\n\n{{company}} le espera el {{date}} a las {{time}} en {{place}}.\n\nConfirme su visita y complete lo que se pide antes de llegar con este enlace:\n{{link}}\n\nSu código de visita: {{code}}',
    },
    approved: {
      subject: 'Visita aprobada: {{visitor}}',
      body: 'Hola {{name}}:\n\nLa visita de {{visitor}} a {{place}} el {{date}} a las {{time}} ha sido aprobada.',
    },
    rejected: {
      subject: 'Visita rechazada: {{visitor}}',
      body: 'Hola {{name}}:\n\nLa visita de {{visitor}} a {{place}} el {{date}} a las {{time}} ha sido rechazada.',
    },
  },
};

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

type VisitVars = { company: string; name: string; date: string; time: string; place: string; code: string };

export function inviteMail(lang: Language, to: string, vars: VisitVars & { link: string }): Mail {
  const t = TEMPLATES[lang].invite;
  return { to, subject: fill(t.subject, vars), text: fill(t.body, vars) };
}

export function decisionMail(
  lang: Language,
  to: string,
  approved: boolean,
  vars: { name: string; visitor: string; place: string; date: string; time: string },
): Mail {
  const t = approved ? TEMPLATES[lang].approved : TEMPLATES[lang].rejected;
  return { to, subject: fill(t.subject, vars), text: fill(t.body, vars) };
}
