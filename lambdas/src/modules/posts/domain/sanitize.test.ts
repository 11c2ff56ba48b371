import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/errors';
import sanitizeHtml from 'sanitize-html';
import { imageSources } from '@agency/shared/html-images';
import {
  refuseDataImages,
  repairWordSpaces,
  sanitizeContent,
  sanitizeContentRewritingImages,
  sanitizeHeadTag,
  sanitizeTitle,
} from './sanitize';

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

const ALLOWED = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'li',
  'ol',
  'ul',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'img',
  'pre',
  'code',
  'span',
  'div',
  'sub',
  'sup',
]);

/** Every executable vector a browser would act on in `html`, as found by a real HTML parser. */
function vectors(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.type === 'tag' || n.type === 'script' || n.type === 'style') {
        const name = n.name ?? '';
        if (!ALLOWED.has(name)) found.push(`tag ${name}`);
        for (const [k, raw] of Object.entries(n.attribs ?? {})) {
          const v = raw.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
          if (k.startsWith('on')) found.push(`handler ${k}`);
          if (
            [
              'href',
              'src',
              'action',
              'formaction',
              'xlink:href',
              'background',
              'poster',
              'data',
              'srcdoc',
            ].includes(k)
          ) {
            if (/^(javascript|vbscript|livescript):/.test(v)) found.push(`${k} script url`);
            if (v.startsWith('data:') && !/^data:image\/(png|jpeg|gif|webp)[;,]/.test(v))
              found.push(`${k} data url`);
          }
          if (
            k === 'style' &&
            /(expression|url\(|javascript|behavior|-moz-binding|@import)/.test(v)
          )
            found.push('style vector');
        }
      }
      walk(n.children ?? []);
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children as Node[]);
  if (/<script/i.test(html)) found.push('raw <script');
  return found;
}

// OWASP XSS filter-evasion cheat sheet style payloads, plus mutation and Quill-specific ones.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#x6a;avascript&colon;alert(1)">x</a>',
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=http://xss.example/xss.js?< B >',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '<iframe src=http://xss.example/scriptlet.html <',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:javascript:alert(1)">CLICKME</math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(\'XSS\'));">x</p>',
  '<span style="behavior: url(xss.htc);">x</span>',
  '<p class="ql-align-center" style="text-align:center; background-image:url(x)" onclick="x()">ok</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<xss style="xss:expression(alert(1))">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<a href="javascript:alert(1)"><img src="data:image/png;base64,iVBORw0KGgo="></a>',
  '<pre class="ql-syntax" onmouseover="alert(1)">code</pre>',
  '<li data-list="bullet" onclick="alert(1)">x</li>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="&Tab;javascript:alert(1)">x</a>',
  '<a href="jAvAsCrIpT&colon;alert&lpar;1&rpar;">x</a>',
  '<img src="https://example.com/a.png" width="100" height="javascript:alert(1)" onload="alert(1)">',
  '<template><script>alert(1)</script></template>',
  '<style>@import "javascript:alert(1)";</style>',
  '<a href="//evil.example/">protocol-relative</a>',
];

describe('sanitizeContent', () => {
  it('has at least 50 filter-evasion payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(PAYLOADS.map((p, i) => [i, p] as const))(
    'payload %i leaves no executable vector',
    (_i, payload) => {
      const out = sanitizeContent(payload);
      expect(vectors(out)).toEqual([]);
    },
  );

  it('sanity: the vector finder does find vectors in the raw payloads', () => {
    const flagged = PAYLOADS.filter((p) => vectors(p).length > 0);
    expect(flagged.length).toBeGreaterThan(PAYLOADS.length * 0.8);
  });

  it('keeps what the editor toolbar makes', () => {
    const html = [
      '<h1>Title</h1><h3 class="ql-align-center">Sub</h3>',
      '<p class="ql-indent-2" style="text-align: right;"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>',
      '<blockquote>q</blockquote><ol><li data-list="bullet"><span class="ql-ui"></span>one</li></ol><ul><li>two</li></ul>',
      '<pre class="ql-syntax">const a = 1;</pre><p><code>x</code><br></p>',
      '<p><a href="https://example.com/" target="_blank">link</a></p>',
      '<p><img src="https://example.com/a.png" alt="A" width="300" height="200"></p>',
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline"></p>',
    ].join('');
    const out = sanitizeContent(html);
    expect(out).toContain('<h3 class="ql-align-center">Sub</h3>');
    expect(out).toContain('<p class="ql-indent-2" style="text-align:right">');
    expect(out).toContain('<strong>b</strong> <em>i</em> <u>u</u> <s>s</s>');
    expect(out).toContain('<li data-list="bullet"><span class="ql-ui"></span>one</li>');
    expect(out).toContain('<pre class="ql-syntax">const a = 1;</pre>');
    expect(out).toContain(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">link</a>',
    );
    expect(out).toContain(
      '<img src="https://example.com/a.png" alt="A" width="300" height="200" />',
    );
    // A data: image never survives: writes refuse it first (refuseDataImages).
    expect(out).not.toContain('data:');
  });

  it('keeps library images with their size and alt, site-relative and http(s) sources only', () => {
    const img = '<img src="/media/images/x/1920.jpg" width="1920" height="1080" alt="A view" />';
    expect(sanitizeContent(`<p>${img}</p>`)).toBe(`<p>${img}</p>`);
    expect(sanitizeContent('<p><img src="//evil.example/a.png">x</p>')).toBe('<p>x</p>');
    expect(sanitizeContent('<p><img src="ftp://example.com/a.png">x</p>')).toBe('<p>x</p>');
  });
});

describe('data: images', () => {
  it('finds every image source, entities decoded', () => {
    expect(
      imageSources('<p><img src="/a.png"><b>x</b><img src="&#100;ata:image/gif,R0"></p>'),
    ).toEqual(['/a.png', 'data:image/gif,R0']);
  });

  it('reads image sources exactly as sanitize-html, which parses what is written, reads them', () => {
    const asSanitizerReads = (html: string) => {
      const found: string[] = [];
      sanitizeHtml(html, {
        allowedTags: [],
        allowedAttributes: {},
        transformTags: {
          img: (tagName, attribs) => {
            if (attribs.src !== undefined) found.push(attribs.src);
            return { tagName, attribs };
          },
        },
      });
      return found;
    };
    for (const html of [
      '<p><IMG SRC="/media/a/b.webp?w=1&amp;h=2" alt="x"><img alt=y src=/c.png></p>',
      '<p><img src=\'/d.png\'/>text<img>no src<img src=""></p>',
      '<ul><li><img data-src="/e.png" src="/f.png&#x3F;v=1"></li></ul><img src="/g.png"',
      '<p>&lt;img src="/not-an-image.png"&gt;</p><!-- <img src="/h.png"> -->',
    ])
      expect(imageSources(html), html).toEqual(asSanitizerReads(html));
  });

  it('refuses content holding a data: image, however it is spelt, naming content', () => {
    for (const html of [
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<p>a<img alt="x" src=" DATA:image/jpeg;base64,/9j/">b</p>',
      '<img src="da&#x09;ta:image/webp;base64,UklGR">',
    ]) {
      expect(() => refuseDataImages(html)).toThrow(
        "content: holds an image embedded as a data: URL; upload it with the editor's image button instead, which stores it in the media library",
      );
    }
    expect(() =>
      refuseDataImages('<p>data:image/png;base64,x <img src="/a.png"></p>'),
    ).not.toThrow();
  });

  it('rewrites images while sanitising the rest', () => {
    const out = sanitizeContentRewritingImages(
      '<p onclick="x()"><img src="data:image/png;base64,AA=="><img src="https://e.com/a.png"></p>',
      (a) =>
        a.src?.startsWith('data:') ? { ...a, src: '/media/images/i/480.png', width: '480' } : null,
    );
    expect(out).toBe('<p><img src="/media/images/i/480.png" width="480" /></p>');
  });

  it('drops unknown classes and styles other than text-align', () => {
    expect(
      sanitizeContent('<p class="evil ql-align-center" style="color:red;text-align:center">x</p>'),
    ).toBe('<p class="ql-align-center" style="text-align:center">x</p>');
  });

  it('drops an image whose source is refused', () => {
    expect(sanitizeContent('<p><img src="javascript:alert(1)">x</p>')).toBe('<p>x</p>');
  });
});

function headError(html: string): string {
  try {
    sanitizeHeadTag(html);
    return 'accepted';
  } catch (e) {
    return e instanceof DomainError ? e.message : String(e);
  }
}

describe('sanitizeHeadTag', () => {
  it('keeps meta, link, title and JSON-LD, rebuilt', () => {
    const out = sanitizeHeadTag(
      '<meta name="description" content="About &quot;us&quot;">\n<meta property="og:title" content="Hi">' +
        '<link rel="canonical" href="https://example.com/blog/a"><title>A &amp; B</title>' +
        '<script type="application/ld+json">{"@context":"https://schema.org","name":"x"}</script>',
    );
    expect(out).toContain(
      '<script type="application/ld+json">{"@context":"https://schema.org","name":"x"}</script>',
    );
    expect(out).toContain('<meta name="description" content="About &quot;us&quot;">');
    expect(out).toContain('<link rel="canonical" href="https://example.com/blog/a">');
    expect(out).toContain('<title>A &amp; B</title>');
    expect(out).not.toMatch(/<script>/);
  });

  it('refuses a JSON-LD script whose text closes the element early', () => {
    expect(
      headError(
        '<script type="application/ld+json">{"name":"x</script><script>alert(1)//"}</script>',
      ),
    ).toBe('head_tag: the JSON-LD script is not valid JSON');
  });

  it('re-serialises JSON-LD so its text cannot close the element', () => {
    const out = sanitizeHeadTag(
      '<script type="application/ld+json">{"name":"<\\/script><img src=x onerror=alert(1)>"}</script>',
    );
    expect(out).toBe(
      '<script type="application/ld+json">{"name":"\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e"}</script>',
    );
    expect(vectors(out.replace(/<script type="application\/ld\+json">.*<\/script>/, ''))).toEqual(
      [],
    );
  });

  it('drops attributes outside the allowlist', () => {
    expect(sanitizeHeadTag('<meta name="x" content="y" onload="alert(1)">')).toBe(
      '<meta name="x" content="y">',
    );
  });

  it.each([
    [
      '<script>alert(1)</script>',
      'head_tag: script is not allowed (only type="application/ld+json")',
    ],
    ['<style>body{}</style>', 'head_tag: style is not allowed'],
    ['<base href="https://evil.example/">', 'head_tag: base is not allowed'],
    ['<iframe src="x"></iframe>', 'head_tag: iframe is not allowed'],
    ['<img src=x onerror=alert(1)>', 'head_tag: img is not allowed'],
    [
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      'head_tag: meta http-equiv="refresh" is not allowed',
    ],
    [
      '<meta http-equiv="Set-Cookie" content="a=b">',
      'head_tag: meta http-equiv="Set-Cookie" is not allowed',
    ],
    [
      '<link rel="stylesheet" href="https://evil.example/x.css">',
      'head_tag: link rel="stylesheet" is not allowed',
    ],
    [
      '<link rel="canonical" href="javascript:alert(1)">',
      'head_tag: link href must be an http(s) or site-relative address',
    ],
    [
      '<link rel="canonical" href="//evil.example/">',
      'head_tag: link href must be an http(s) or site-relative address',
    ],
    [
      '<script type="application/ld+json">{not json}</script>',
      'head_tag: the JSON-LD script is not valid JSON',
    ],
    ['hello', 'head_tag: text outside an element is not allowed'],
  ])('refuses %s', (html, message) => {
    expect(headError(html)).toBe(message);
  });

  it('accepts an empty value and site-relative links', () => {
    expect(sanitizeHeadTag('  ')).toBe('');
    expect(
      sanitizeHeadTag('<link rel="alternate" href="/rss.xml" type="application/rss+xml">'),
    ).toBe('<link rel="alternate" href="/rss.xml" type="application/rss+xml">');
  });
});

describe('sanitizeTitle', () => {
  it('keeps the text, removing markup and control characters', () => {
    expect(sanitizeTitle(' A\u0000 <b>bold</b>\n title ')).toBe('A bold title');
  });
  it('drops scripts whole and never leaves a tag behind, even from encoded markup', () => {
    expect(sanitizeTitle('<script>alert(1)</script>Hello')).toBe('Hello');
    expect(sanitizeTitle('&lt;script&gt;alert(1)&lt;/script&gt;')).not.toMatch(/<[a-z/]/i);
    expect(sanitizeTitle('Tom & Jerry: a < b')).toBe('Tom & Jerry: a < b');
  });
});

describe('non-breaking spaces stored by Quill 2.0.3', () => {
  it('become ordinary spaces between words on write', () => {
    expect(sanitizeContent('<p>Words&nbsp;that&nbsp;<strong>wrap</strong>\u00a0now</p>')).toBe(
      '<p>Words that <strong>wrap</strong> now</p>',
    );
  });

  it('stay in runs of spaces and inside pre and code', () => {
    const html =
      '<p>a\u00a0\u00a0\u00a0b</p><pre>x\u00a0y</pre><p><code>c\u00a0d</code> e\u00a0f</p>';
    expect(sanitizeContent(html)).toBe(
      '<p>a\u00a0\u00a0\u00a0b</p><pre>x\u00a0y</pre><p><code>c\u00a0d</code> e f</p>',
    );
  });

  it('stay at the edge of a block', () => {
    expect(sanitizeContent('<p>\u00a0a</p><p>b\u00a0</p><p>c<br />\u00a0d</p>')).toBe(
      '<p>\u00a0a</p><p>b\u00a0</p><p>c<br />\u00a0d</p>',
    );
  });

  it('is idempotent', () => {
    const once = repairWordSpaces('<p>one\u00a0two\u00a0 three</p>');
    expect(once).toBe('<p>one two\u00a0 three</p>');
    expect(repairWordSpaces(once)).toBe(once);
  });
});

describe('keptStyle: style attributes without postcss', () => {
  // What sanitize-html made of these with postcss and `allowedStyles` (text-align only).
  const withPostcss = (style: string): string =>
    sanitizeHtml(`<p style="${style}">x</p>`, {
      allowedTags: ['p'],
      allowedAttributes: { p: ['style'] },
      allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
    });
  it.each([
    'text-align: center',
    'text-align:right;',
    'text-align: justify !important',
    '  text-align :  left ; color: red',
    'color: red; text-align: center',
    'color: red',
    'background:url(javascript:alert(1))',
    'width: expression(alert(1))',
    '',
  ])('keeps what postcss kept of %j', (style) => {
    expect(sanitizeContent(`<p style="${style}">x</p>`)).toBe(withPostcss(style));
  });
  it.each([
    'text-align: center /* ; */',
    'TEXT-ALIGN: center',
    'text-align: "center"',
    'text-align: cen\\74 er',
    'text-align: center; text-align: left',
  ])('keeps at most the alignment of an unusual %j, never anything else', (style) => {
    const kept = sanitizeContent(`<p style="${style}">x</p>`);
    expect(kept).toMatch(
      /^<p( style="text-align:(left|right|center|justify)(;text-align:(left|right|center|justify))?")?>x<\/p>$/,
    );
  });
});
