import sanitizeHtml from 'sanitize-html';

// The server's allow-list for announcement text. The browser's editor produces these forms (spec §5
// toolbar: bold, italic, underline, text colour, lists, alignment, link, image, video), but whatever a
// client sends is cut down to them here: no scripts, no event handlers, no style but a colour and an
// alignment, links and images only to web addresses, video only as a YouTube embed rebuilt from its id.

const YOUTUBE_HOSTS = new Set(['www.youtube-nocookie.com', 'youtube-nocookie.com', 'www.youtube.com', 'youtube.com']);
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The id of a YouTube embed address, or null for anything else. */
export function youtubeEmbedId(src: string | undefined): string | null {
  if (!src) return null;
  try {
    const url = new URL(src);
    if (url.protocol !== 'https:' || !YOUTUBE_HOSTS.has(url.hostname)) return null;
    const m = /^\/embed\/([^/]+)\/?$/.exec(url.pathname);
    return m && VIDEO_ID.test(m[1]!) ? m[1]! : null;
  } catch {
    return null;
  }
}

const size = (value: string | undefined, fallback: number, max: number) => {
  const n = Number(value);
  return String(Number.isInteger(n) && n > 0 && n <= max ? n : fallback);
};

const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'span', 'ul', 'ol', 'li', 'a', 'img', 'div', 'iframe'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'sandbox', 'referrerpolicy'],
    div: ['data-youtube-video'],
    ol: ['start'],
    span: ['style'],
    p: ['style'],
  },
  allowedStyles: {
    span: { color: COLOUR },
    p: { 'text-align': [/^(left|right|center|justify|start|end)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...YOUTUBE_HOSTS],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  nestingLimit: 40,
  transformTags: {
    // Every link leads to an absolute address, opens on its own and tells the page nothing about us.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim();
      // A link to nowhere (a script, a page of ours) keeps its words and loses the link.
      if (!href || !/^(https?:\/\/|mailto:)/i.test(href)) return { tagName: 'span', attribs: {} };
      return { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' } };
    },
    // An image comes from an absolute https address: kiosks and the dashboard have no pages of ours to point into.
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src?.trim();
      if (!src || !/^https:\/\//i.test(src)) return { tagName, attribs: {} };
      return { tagName, attribs: { src, alt: attribs.alt ?? '', ...(attribs.title ? { title: attribs.title } : {}) } };
    },
    // A video is rebuilt from its id alone: nothing of the sent address but the id survives.
    iframe: (tagName, attribs): sanitizeHtml.Tag => {
      const id = youtubeEmbedId(attribs.src);
      if (!id) return { tagName, attribs: {} };
      return {
        tagName,
        attribs: {
          src: `https://www.youtube-nocookie.com/embed/${id}`,
          width: size(attribs.width, 640, 1920),
          height: size(attribs.height, 360, 1080),
          allowfullscreen: 'true',
          frameborder: '0',
          sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
          referrerpolicy: 'strict-origin-when-cross-origin',
        },
      };
    },
  },
  // Drop what a rule above emptied: a video without an address, an image without a source.
  exclusiveFilter: (frame) => (frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs.src,
};

/** Announcement text as it may be stored and shown. */
export const sanitizeAnnouncementHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
