// The emails a visitor receives about their own visit, in their language: the confirmation once the
// visit is registered or confirmed, and an admin's decision on a visit that waited for approval. The
// confirmation and the approval carry the visit code, its QR code as an inline image, and the link of
// the visit's pass page, which shows the QR and where the visit stands on any device.
import QRCode from 'qrcode';
import type { Language } from '@app/shared/constants';
import type { Mail } from '../mail/mailer';

type Template = { subject: string; body: string };
type Templates = {
  confirmation: Template;
  registered: string;
  confirmed: string;
  awaiting: string;
  approvedStatus: string;
  ready: string;
  complianceLine: string;
  approved: Template;
  rejected: Template;
  qrAlt: string;
};

const PASS_PART = {
  en: 'Your visit code: {{code}}\nShow the QR code in this email at the kiosk when you arrive, or type the code.\n\nYour visit and its QR code, on any device: {{link}}',
  ar: 'رمز زيارتك: {{code}}\nاعرض رمز QR الموجود في هذا البريد عند الجهاز عند وصولك، أو اكتب الرمز.\n\nزيارتك ورمز QR الخاص بها على أي جهاز: {{link}}',
  es: 'Su código de visita: {{code}}\nMuestre el código QR de este correo en el quiosco al llegar, o escriba el código.\n\nSu visita y su código QR, en cualquier dispositivo: {{link}}',
} as const;

const TEMPLATES: Record<Language, Templates> = {
  en: {
    confirmation: {
      subject: 'Your visit to {{company}}',
      body: `Hello {{name}},\n\n{{intro}} {{status}}\n{{compliance}}\n${PASS_PART.en}`,
    },
    registered: 'You registered a visit to {{company}} on {{date}} at {{time}} at {{place}}.',
    confirmed: 'You confirmed your visit to {{company}} on {{date}} at {{time}} at {{place}}.',
    awaiting: 'Your visit waits for approval: we will email you when it is decided.',
    approvedStatus: 'Your visit is approved.',
    ready: 'Your visit is registered.',
    complianceLine: 'Please complete what is asked before you arrive: {{link}}\n',
    approved: {
      subject: 'Your visit to {{company}} is approved',
      body: `Hello {{name}},\n\nYour visit to {{company}} on {{date}} at {{time}} at {{place}} has been approved.\n\n${PASS_PART.en}`,
    },
    rejected: {
      subject: 'Your visit to {{company}} was not approved',
      body: 'Hello {{name}},\n\nYour visit to {{company}} on {{date}} at {{time}} at {{place}} has not been approved. Please contact {{company}} for further details.',
    },
    qrAlt: 'QR code of your visit',
  },
  ar: {
    confirmation: {
      subject: 'زيارتك إلى {{company}}',
      body: `مرحبًا {{name}}،\n\n{{intro}} {{status}}\n{{compliance}}\n${PASS_PART.ar}`,
    },
    registered: 'لقد سجلت زيارة إلى {{company}} في {{date}} الساعة {{time}} في {{place}}.',
    confirmed: 'لقد أكدت زيارتك إلى {{company}} في {{date}} الساعة {{time}} في {{place}}.',
    awaiting: 'زيارتك بانتظار الموافقة: سنراسلك بالبريد الإلكتروني عند البت فيها.',
    approvedStatus: 'تمت الموافقة على زيارتك.',
    ready: 'تم تسجيل زيارتك.',
    complianceLine: 'يرجى إكمال المطلوب قبل وصولك: {{link}}\n',
    approved: {
      subject: 'تمت الموافقة على زيارتك إلى {{company}}',
      body: `مرحبًا {{name}}،\n\nتمت الموافقة على زيارتك إلى {{company}} في {{date}} الساعة {{time}} في {{place}}.\n\n${PASS_PART.ar}`,
    },
    rejected: {
      subject: 'لم تتم الموافقة على زيارتك إلى {{company}}',
      body: 'مرحبًا {{name}}،\n\nلم تتم الموافقة على زيارتك إلى {{company}} في {{date}} الساعة {{time}} في {{place}}. يرجى التواصل مع {{company}} لمزيد من التفاصيل.',
    },
    qrAlt: 'رمز QR لزيارتك',
  },
  es: {
    confirmation: {
      subject: 'Su visita a {{company}}',
      body: `Hola {{name}}:\n\n{{intro}} {{status}}\n{{compliance}}\n${PASS_PART.es}`,
    },
    registered: 'Ha registrado una visita a {{company}} el {{date}} a las {{time}} en {{place}}.',
    confirmed: 'Ha confirmado su visita a {{company}} el {{date}} a las {{time}} en {{place}}.',
    awaiting: 'Su visita está pendiente de aprobación: le escribiremos cuando se decida.',
    approvedStatus: 'Su visita está aprobada.',
    ready: 'Su visita está registrada.',
    complianceLine: 'Complete lo que se pide antes de llegar: {{link}}\n',
    approved: {
      subject: 'Su visita a {{company}} está aprobada',
      body: `Hola {{name}}:\n\nSu visita a {{company}} el {{date}} a las {{time}} en {{place}} ha sido aprobada.\n\n${PASS_PART.es}`,
    },
    rejected: {
      subject: 'Su visita a {{company}} no ha sido aprobada',
      body: 'Hola {{name}}:\n\nSu visita a {{company}} el {{date}} a las {{time}} en {{place}} no ha sido aprobada. Póngase en contacto con {{company}} para más detalles.',
    },
    qrAlt: 'Código QR de su visita',
  },
};

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The content id of the QR image inside the mail. */
export const VISIT_QR_CID = 'visit-qr@visit';

/** The text as html paragraphs, links made clickable, with the QR image after it. */
function htmlOf(lang: Language, text: string, qr: boolean) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>'),
    )
    .map((p) => `<p>${p}</p>`)
    .join('\n');
  const image = qr
    ? `\n<p><img src="cid:${VISIT_QR_CID}" alt="${escapeHtml(TEMPLATES[lang].qrAlt)}" width="240" height="240"></p>`
    : '';
  return `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">\n${paragraphs}${image}\n</div>`;
}

async function qrAttachment(code: string) {
  return {
    filename: `visit-${code}.png`,
    content: await QRCode.toBuffer(code, { margin: 1, width: 320 }),
    contentType: 'image/png',
    cid: VISIT_QR_CID,
  };
}

export type VisitorMailVars = {
  company: string;
  name: string;
  date: string;
  time: string;
  place: string;
  /** The visit code the QR holds. */
  code: string;
  /** The visit's pass page. */
  link: string;
};

/** Where the visit stands, as the confirmation says it. */
export type ConfirmationStatus = 'awaiting' | 'approved' | 'ready';

/** After registering (self-registration) or confirming (an admin's invitation): the visit's code and QR. */
export async function confirmationMail(
  lang: Language,
  to: string,
  vars: VisitorMailVars & {
    kind: 'registered' | 'confirmed';
    status: ConfirmationStatus;
    complianceLink: string | null;
  },
): Promise<Mail> {
  const set = TEMPLATES[lang];
  const { kind, status: state, complianceLink, ...plain } = vars;
  const status = { awaiting: set.awaiting, approved: set.approvedStatus, ready: set.ready }[state];
  const all = {
    ...plain,
    intro: fill(set[kind], plain),
    status,
    compliance: complianceLink ? fill(set.complianceLine, { link: complianceLink }) : '',
  };
  const text = fill(set.confirmation.body, all);
  return {
    to,
    subject: fill(set.confirmation.subject, all),
    text,
    html: htmlOf(lang, text, true),
    attachments: [await qrAttachment(vars.code)],
  };
}

/** An admin's decision, told to the visitor: approved with the QR, or not approved. */
export async function visitorDecisionMail(
  lang: Language,
  to: string,
  approved: boolean,
  vars: VisitorMailVars,
): Promise<Mail> {
  const template = approved ? TEMPLATES[lang].approved : TEMPLATES[lang].rejected;
  const text = fill(template.body, vars);
  return {
    to,
    subject: fill(template.subject, vars),
    text,
    html: htmlOf(lang, text, approved),
    attachments: approved ? [await qrAttachment(vars.code)] : [],
  };
}
