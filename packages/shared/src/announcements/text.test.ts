import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_STATES, announcementState } from './state';
import { excerptOf, htmlHasText, htmlToPlainText } from './text';

describe('htmlToPlainText', () => {
  it('keeps the words, spaced by blocks, with entities decoded', () => {
    expect(htmlToPlainText('<p>Fire&nbsp;drill</p><ul><li><p>Meet at the <strong>car</strong>park</p></li></ul>')).toBe(
      'Fire drill Meet at the carpark',
    );
    expect(htmlToPlainText('<p>Tom &amp; Jerry &lt;3 &#169; &#x1F600; &bogus;</p>')).toBe(
      'Tom & Jerry <3 © 😀 &bogus;',
    );
    expect(htmlToPlainText('<p>a<br>b</p>')).toBe('a b');
  });

  it('leaves out what scripts, styles and comments hold', () => {
    expect(htmlToPlainText('<script>alert(1)</script><style>p{}</style><!-- note -->')).toBe('');
  });

  it('tells text from markup only', () => {
    expect(htmlHasText('<p><br></p><p>&nbsp;</p><img src="https://x.example/a.png">')).toBe(false);
    expect(htmlHasText('<p>.</p>')).toBe(true);
  });
});

describe('excerptOf', () => {
  it('cuts at a word and marks the cut', () => {
    expect(excerptOf('<p>Short</p>', 20)).toBe('Short');
    expect(excerptOf('<p>The lobby is being repainted this week</p>', 20)).toBe('The lobby is being…');
    expect(excerptOf(`<p>${'x'.repeat(30)}</p>`, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('announcementState', () => {
  const publish = new Date('2026-01-01T10:00:00Z');
  const expires = new Date('2026-01-02T10:00:00Z');
  it('is scheduled before the publish time, active from it, expired from the expiry', () => {
    expect(announcementState(publish, expires, new Date('2026-01-01T09:59:59Z'))).toBe('scheduled');
    expect(announcementState(publish, expires, publish)).toBe('active');
    expect(announcementState(publish, expires, new Date('2026-01-02T09:59:59Z'))).toBe('active');
    expect(announcementState(publish, expires, expires)).toBe('expired');
    expect(ANNOUNCEMENT_STATES).toEqual(['scheduled', 'active', 'expired']);
  });
});
