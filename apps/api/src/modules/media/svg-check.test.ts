import { describe, expect, it } from 'vitest';
import { inspectSvg } from './svg-check';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const verdict = (text: string | Buffer) => inspectSvg(typeof text === 'string' ? Buffer.from(text) : text);

describe('SVGs that are accepted', () => {
  it.each([
    ['a bare drawing', `<svg ${NS} viewBox="0 0 1 1"><rect width="1" height="1"/></svg>`],
    ['no namespace at all', '<svg><circle r="1"/></svg>'],
    [
      'declaration, doctype, comments and a byte-order mark',
      `\uFEFF<?xml version="1.0" encoding="utf-8" standalone="no"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- Generator: a drawing program -->
<svg ${NS} version="1.1"><title>Coin</title></svg>
`,
    ],
    [
      'internal links, gradients, styles and entities',
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink">
  <style><![CDATA[ .a { fill: url(#g); stroke: url('#g') } ]]></style>
  <defs><radialGradient id="g"/></defs>
  <a href="#top"><use xlink:href="#c" style="fill:url( &quot;#g&quot; )"/></a>
  <text>&lt;5 &#x2764; &#169;</text>
</svg>`,
    ],
    [
      'an embedded PNG',
      `<svg ${NS}><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>`,
    ],
    [
      'editor metadata in other namespaces',
      `<svg ${NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" inkscape:version="1.3">
  <metadata><rdf:RDF/></metadata><inkscape:grid/></svg>`,
    ],
  ])('%s', (_label, svg) => {
    expect(verdict(svg)).toBe('svg');
  });
});

describe('SVGs that could run script or fetch from elsewhere', () => {
  it.each([
    ['a script element', `<svg ${NS}><script>alert(1)</script></svg>`],
    [
      'a prefixed script',
      `<svg ${NS} xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>`,
    ],
    [
      'an XHTML script',
      `<svg ${NS}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>`,
    ],
    ['any XHTML element', `<svg ${NS}><g xmlns="http://www.w3.org/1999/xhtml"><img src="#"/></g></svg>`],
    ['an event attribute', `<svg ${NS} onload="alert(1)"/>`],
    ['an event attribute in capitals', `<svg ${NS}><rect onMouseOver="alert(1)"/></svg>`],
    ['a javascript: link', `<svg ${NS}><a href="javascript:alert(1)"><text>x</text></a></svg>`],
    [
      'a javascript: link in disguise',
      `<svg ${NS}><a xlink:href=" jav&#x09;ascript&#58;alert(1)" xmlns:xlink="http://www.w3.org/1999/xlink"/></svg>`,
    ],
    ['a foreignObject', `<svg ${NS}><foreignObject><div>hi</div></foreignObject></svg>`],
    ['an outside image', `<svg ${NS}><image href="https://tracker.example.com/p.png"/></svg>`],
    ['an outside use', `<svg ${NS}><use href="http://evil.example.com/s.svg#x"/></svg>`],
    ['an HTML data URL', `<svg ${NS}><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/></svg>`],
    ['an SVG data URL', `<svg ${NS}><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>`],
    ['an animation that sets a link', `<svg ${NS}><a><set attributeName="href" to="#x"/></a></svg>`],
    ['a stylesheet import', `<svg ${NS}><style>@import "https://evil.example.com/x.css";</style></svg>`],
    [
      'an import split by a comment',
      `<svg ${NS}><style>@im<!-- -->port "https://e.example.com/x.css";</style></svg>`,
    ],
    ['an outside url() in a style', `<svg ${NS}><rect style="fill:url(https://e.example.com/x)"/></svg>`],
    ['an outside url() in an attribute', `<svg ${NS}><rect filter="url(//e.example.com/f.svg#f)"/></svg>`],
    [
      'an image-set of outside strings',
      `<svg ${NS}><rect style="fill:image-set('https://e.example.com/a.png' 1x)"/></svg>`,
    ],
    ['a CSS escape', `<svg ${NS}><style>.a{background:\\75rl(x)}</style></svg>`],
    [
      'an xml-stylesheet',
      `<?xml version="1.0"?><?xml-stylesheet href="https://e.example.com/x.css"?><svg ${NS}/>`,
    ],
    [
      'entities declared in the doctype',
      `<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg ${NS}>&x;</svg>`,
    ],
  ])('%s', (_label, svg) => {
    expect(verdict(svg)).toBe('unsafe');
  });
});

describe('files that are not SVG documents', () => {
  it.each([
    ['an HTML page', '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'],
    ['an HTML fragment', '<html><svg><rect/></svg></html>'],
    ['plain text', 'hello'],
    ['an empty document', ''],
    ['an unclosed element', `<svg ${NS}><g></svg>`],
    ['two roots', `<svg ${NS}/><svg ${NS}/>`],
    ['text after the root', `<svg ${NS}/>trailing`],
    ['an undefined entity', `<svg ${NS}><text>&nbsp;</text></svg>`],
    ['an undeclared prefix', `<svg ${NS}><x:rect/></svg>`],
    ['a repeated attribute', `<svg ${NS} width="1" width="2"/>`],
    ['an unquoted attribute', `<svg ${NS} width=1/>`],
    ['an svg root in the XHTML namespace', '<svg xmlns="http://www.w3.org/1999/xhtml"/>'],
    ['another declared encoding', `<?xml version="1.0" encoding="UTF-16"?><svg ${NS}/>`],
  ])('%s', (_label, text) => {
    expect(verdict(text)).toBe('not-svg');
  });

  it('binary and non-UTF-8 bytes', () => {
    expect(verdict(Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00]))).toBe('not-svg');
    expect(
      verdict(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x3e, 0xff, 0x3c, 0x2f, 0x73, 0x76, 0x67, 0x3e])),
    ).toBe('not-svg');
    expect(verdict(Buffer.from(`\uFEFF<svg ${NS}/>`, 'utf16le'))).toBe('not-svg');
  });
});
