// The visitor's online compliance link before the visit and its reminders, in the three languages.
import type { Language } from '@app/shared/constants';
import type { Mail } from '../mail/mailer';

type Template = { subject: string; body: string };

const TEMPLATES: Record<Language, { link: Template; reminder: Template }> = {
  en: {
    link: {
      subject: 'Before your visit to {{company}}: please complete the compliance',
      body: 'Hello {{name}},\n\n{{company}} expects you on {{date}} at {{time}} at {{place}}.\n\nBefore you arrive, please answer what is asked with this link:\n{{link}}',
    },
    reminder: {
      subject: 'Reminder: complete the compliance before your visit to {{company}}',
      body: 'Hello {{name}},\n\nYour visit to {{company}} on {{date}} at {{time}} at {{place}} is coming up, and what is asked before it is not answered yet.\n\nPlease answer it with this link:\n{{link}}',
    },
  },
  ar: {
    link: {
      subject: 'قبل زيارتك إلى {{company}}: يرجى إكمال الامتثال',
      body: 'مرحبًا {{name}}،\n\nتتوقع {{company}} زيارتك في {{date}} الساعة {{time}} في {{place}}.\n\nقبل وصولك، يرجى الإجابة عن المطلوب عبر هذا الرابط:\n{{link}}',
    },
    reminder: {
      subject: 'تذكير: أكمل الامتثال قبل زيارتك إلى {{company}}',
      body: 'مرحبًا {{name}}،\n\nزيارتك إلى {{company}} في {{date}} الساعة {{time}} في {{place}} تقترب، ولم تتم الإجابة بعد عن المطلوب قبلها.\n\nيرجى الإجابة عنه عبر هذا الرابط:\n{{link}}',
    },
  },
  es: {
    link: {
      subject: 'Antes de su visita a {{company}}: complete el cumplimiento',
      body: 'Hola {{name}}:\n\n{{company}} le espera el {{date}} a las {{time}} en {{place}}.\n\nAntes de llegar, responda lo que se pide con este enlace:\n{{link}}',
    },
    reminder: {
      subject: 'Recordatorio: complete el cumplimiento antes de su visita a {{company}}',
      body: 'Hola {{name}}:\n\nSu visita a {{company}} el {{date}} a las {{time}} en {{place}} se acerca y lo que se pide antes aún no está respondido.\n\nRespóndalo con este enlace:\n{{link}}',
    },
  },
};

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

export function complianceMail(
  lang: Language,
  kind: 'link' | 'reminder',
  to: string,
  vars: { company: string; name: string; date: string; time: string; place: string; link: string },
): Mail {
  const t = TEMPLATES[lang][kind];
  return { to, subject: fill(t.subject, vars), text: fill(t.body, vars) };
}
