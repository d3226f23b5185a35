// A picture of what the kiosk shows, for a shared screen (remote_show_screen): the page's elements
// cloned into an SVG foreignObject with the app's own style sheets, drawn on a canvas, sent as a PNG.
// Light enough to run every two seconds; pictures (the logo) are carried along as data addresses,
// since an SVG drawn as an image loads nothing.

/** A loaded picture as a data address, drawn through a canvas (fetching a blob: address is outside the CSP). */
function imageDataUrl(img: HTMLImageElement): string | null {
  if (!img.complete || img.naturalWidth === 0) return null;
  const canvas = img.ownerDocument.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(img, 0, 0);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    // A picture of another origin taints the canvas; the app shows none.
    return null;
  }
}

function styleText(doc: Document): string {
  let css = '';
  for (const sheet of Array.from(doc.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) css += `${rule.cssText}\n`;
    } catch {
      // A sheet of another origin cannot be read; the app has none.
    }
  }
  return css;
}

function inlineImages(clone: Element, original: Element) {
  const originals = Array.from(original.querySelectorAll('img'));
  Array.from(clone.querySelectorAll('img')).forEach((img, i) => {
    const src = img.getAttribute('src') ?? '';
    if (src.startsWith('data:')) return;
    const inline = originals[i] ? imageDataUrl(originals[i]) : null;
    if (inline) img.setAttribute('src', inline);
    else img.removeAttribute('src');
  });
}

/** What the kiosk shows now, as a PNG at most `maxWidth` pixels wide. */
export async function pictureScreen(root: HTMLElement = document.body, maxWidth = 1024): Promise<Blob> {
  const doc = root.ownerDocument;
  const width = Math.max(1, doc.documentElement.clientWidth);
  const height = Math.max(1, doc.documentElement.clientHeight);
  const clone = root.cloneNode(true) as HTMLElement;
  // What people typed stays on the kiosk.
  for (const input of Array.from(clone.querySelectorAll('input, textarea'))) input.setAttribute('value', '');
  clone.querySelectorAll('[data-screen-private]').forEach((el) => el.remove());
  inlineImages(clone, root);
  const html = doc.documentElement;
  const wrapper = doc.createElement('div');
  wrapper.setAttribute('xmlns', 'http://www.w3.org/1999/xhtml');
  wrapper.setAttribute('lang', html.lang);
  wrapper.setAttribute('dir', html.dir);
  wrapper.setAttribute('style', `width:${width}px;height:${height}px;overflow:hidden;`);
  const style = doc.createElement('style');
  style.textContent = styleText(doc);
  wrapper.append(style, clone);
  const markup = new XMLSerializer().serializeToString(wrapper);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<foreignObject x="0" y="0" width="100%" height="100%">${markup}</foreignObject></svg>`;
  const image = new Image();
  image.decoding = 'async';
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const scale = Math.min(1, maxWidth / width);
  const canvas = doc.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the screen');
  context.fillStyle = getComputedStyle(doc.body).backgroundColor || '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot picture the screen'))),
      'image/png',
    ),
  );
}
