import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml, youtubeEmbedId } from './sanitize';

const clean = sanitizeAnnouncementHtml;

describe('sanitizeAnnouncementHtml', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<p style="text-align:right">A <strong>b</strong> <em>c</em> <u>d</u> <span style="color:rgb(34, 139, 230)">e</span><br /></p>' +
      '<ul><li><p>f</p></li></ul><ol start="3"><li><p>g</p></li></ol>' +
      '<p><a href="mailto:desk@example.com" target="_blank" rel="noopener noreferrer nofollow">h</a></p>' +
      '<img src="https://cdn.example.com/i.png" alt="i" title="t" />';
    expect(clean(html)).toBe(html);
  });

  it.each([
    ['<p>x<script>alert(1)</script></p>', '<p>x</p>'],
    ['<p onmouseover="alert(1)">x</p>', '<p>x</p>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<span>x</span>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<span>x</span>'],
    ['<a href=" javascript:alert(1)">x</a>', '<span>x</span>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<span>x</span>'],
    ['<a href="/admin">x</a>', '<span>x</span>'],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<img src="//evil.example.com/a.png">', ''],
    [
      '<img src="https://cdn.example.com/a.png" srcset="https://evil.example.com/b.png 2x" onerror="x()">',
      '<img src="https://cdn.example.com/a.png" alt="" />',
    ],
    ['<span style="color: red; behavior: url(x.htc)">x</span>', '<span>x</span>'],
    ['<span style="color:expression(alert(1))">x</span>', '<span>x</span>'],
    ['<p style="text-align: center;position:absolute">x</p>', '<p style="text-align:center">x</p>'],
    ['<iframe src="https://www.youtube.com/embed/abc"></iframe>', ''],
    ['<iframe src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe>', ''],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
    ['<base href="https://evil.example.com/"><meta http-equiv="refresh" content="0;url=https://evil.example.com">', ''],
    ['<p>a</p><!-- <script>alert(1)</script> -->', '<p>a</p>'],
  ])('%s → %s', (input, output) => {
    expect(clean(input)).toBe(output);
  });

  it('rebuilds a YouTube embed from its id alone', () => {
    expect(
      clean(
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&amp;origin=https://evil.example" width="99999" allow="camera"></iframe>',
      ),
    ).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="360" allowfullscreen="true" frameborder="0" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
  });
});

describe('youtubeEmbedId', () => {
  it.each([
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/embed/dQw4w9WgXcQ/', 'dQw4w9WgXcQ'],
    ['http://www.youtube.com/embed/dQw4w9WgXcQ', null],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', null],
    ['https://www.youtube.com/embed/../evil', null],
    ['not a url', null],
    [undefined, null],
  ])('%s → %s', (src, id) => {
    expect(youtubeEmbedId(src)).toBe(id);
  });
});
