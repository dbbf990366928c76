/**
 * Reads an uploaded SVG as XML, strictly: what a browser would refuse to parse is not an SVG, and anything
 * that could run script or fetch from elsewhere when the file is opened makes it unsafe. A small parser of our
 * own, because every well-formed document it accepts is read the same way by a browser's XML parser (no DTD
 * entities, no other encodings), so nothing can hide between the two readings.
 */
export type SvgVerdict = 'svg' | 'unsafe' | 'not-svg';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

// Elements that run script or embed a document, whatever their namespace.
const UNSAFE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'handler',
  'listener',
  'iframe',
  'frame',
  'embed',
  'object',
  'applet',
  'base',
  'meta',
  'link',
]);
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);
// Inline images only; an SVG inside an SVG would need the same reading again.
const SAFE_DATA_URL = /^data:image\/(png|jpe?g|gif|webp)[;,]/;

// XML 1.0 forbids these characters anywhere; binary files fail here at once.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const NAME = /[A-Za-z_:\u00C0-\uFFFD][-A-Za-z0-9._:\u00B7\u00C0-\uFFFD]*/y;
const SPACE = /[ \t\r\n]*/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

class NotSvg extends Error {}
class Unsafe extends Error {}

/** Character and the five predefined references; any other entity is undefined without a DTD. */
const decodeReferences = (text: string) =>
  text.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new NotSvg();
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      if (!/^#(x[0-9a-fA-F]+|[0-9]+)$/.test(ref) || !(code > 0 && code <= 0x10ffff)) throw new NotSvg();
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[ref];
    if (value === undefined) throw new NotSvg();
    return value;
  });

/** Lower case without whitespace and control characters, the way URL parsers forgive them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is dropped
const squeeze = (value: string) => value.replace(/[\u0000-\u0020\u007F-\u009F]+/g, '').toLowerCase();

const isSafeReference = (value: string) => {
  const url = squeeze(value);
  return url === '' || url.startsWith('#') || SAFE_DATA_URL.test(url);
};

/** CSS (a style element or attribute, or a presentation attribute): no imports, scripts or outside urls. */
const checkCss = (css: string) => {
  const text = squeeze(css.replace(/\/\*[\s\S]*?\*\//g, ''));
  // A CSS escape could spell any of the words below; SVG drawings do not need them.
  if (text.includes('\\')) throw new Unsafe();
  // image-set() fetches plain strings, url() or not.
  if (/@import|image-set\(|expression\(|javascript:|vbscript:|-moz-binding|behavior:/.test(text)) {
    throw new Unsafe();
  }
  for (const match of text.matchAll(/url\(([^)]*)\)?/g)) {
    if (!isSafeReference((match[1] ?? '').replace(/^["']|["']$/g, ''))) throw new Unsafe();
  }
};

type Attribute = { prefix: string | null; local: string; value: string };

const split = (name: string): { prefix: string | null; local: string } => {
  const colon = name.indexOf(':');
  if (colon === -1) return { prefix: null, local: name };
  if (colon === 0 || colon === name.length - 1 || name.indexOf(':', colon + 1) !== -1) throw new NotSvg();
  return { prefix: name.slice(0, colon), local: name.slice(colon + 1) };
};

const checkAttribute = (attribute: Attribute, element: string) => {
  const local = attribute.local.toLowerCase();
  const value = squeeze(attribute.value);
  if (local.startsWith('on')) throw new Unsafe();
  if ((local === 'href' || local === 'src') && !isSafeReference(attribute.value)) throw new Unsafe();
  if (/javascript:|vbscript:|data:text\/html/.test(value)) throw new Unsafe();
  if (value.includes('url(') || local === 'style') checkCss(attribute.value);
  // <set attributeName="href" to="…"> changes a link after the checks above have looked at it.
  if (ANIMATIONS.has(element) && local === 'attributename') {
    const target = value.split(':').pop() ?? '';
    if (target === 'href' || target.startsWith('on') || target === 'style') throw new Unsafe();
  }
};

const readAttributes = (source: string, from: number) => {
  const attributes: { name: string; value: string }[] = [];
  let pos = from;
  for (;;) {
    SPACE.lastIndex = pos;
    SPACE.exec(source);
    const hadSpace = SPACE.lastIndex > pos;
    pos = SPACE.lastIndex;
    if (source.startsWith('/>', pos)) return { attributes, end: pos + 2, selfClosing: true };
    if (source[pos] === '>') return { attributes, end: pos + 1, selfClosing: false };
    NAME.lastIndex = pos;
    const name = NAME.exec(source)?.[0];
    if (!name || !hadSpace) throw new NotSvg();
    pos = NAME.lastIndex;
    SPACE.lastIndex = pos;
    SPACE.exec(source);
    pos = SPACE.lastIndex;
    if (source[pos] !== '=') throw new NotSvg();
    SPACE.lastIndex = pos + 1;
    SPACE.exec(source);
    pos = SPACE.lastIndex;
    const quote = source[pos];
    if (quote !== '"' && quote !== "'") throw new NotSvg();
    const close = source.indexOf(quote, pos + 1);
    if (close === -1) throw new NotSvg();
    const raw = source.slice(pos + 1, close);
    if (raw.includes('<')) throw new NotSvg();
    if (attributes.some((attribute) => attribute.name === name)) throw new NotSvg();
    attributes.push({ name, value: decodeReferences(raw) });
    pos = close + 1;
  }
};

type Open = { name: string; namespaces: Map<string | null, string>; style: boolean };

const parse = (source: string): void => {
  const stack: Open[] = [];
  let namespaces = new Map<string | null, string>([['xml', XML_NS]]);
  let rootSeen = false;
  // The text of the open <style> element (comments dropped, as the browser drops them), checked when it closes.
  let css: string[] | null = null;
  let pos = 0;
  if (/^<\?xml[ \t\r\n]/.test(source)) {
    const end = source.indexOf('?>');
    if (end === -1) throw new NotSvg();
    const encoding = /encoding\s*=\s*["']([^"']*)["']/.exec(source.slice(0, end))?.[1]?.toLowerCase();
    // The bytes were read as UTF-8; a file declaring another encoding would be read differently by a browser.
    if (encoding !== undefined && !['utf-8', 'utf8', 'us-ascii', 'ascii'].includes(encoding))
      throw new NotSvg();
    pos = end + 2;
  }
  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const text = source.slice(pos, lt === -1 ? source.length : lt);
    if (text !== '') {
      const decoded = decodeReferences(text);
      if (stack.length === 0 && decoded.trim() !== '') throw new NotSvg();
      css?.push(decoded);
    }
    if (lt === -1) break;
    pos = lt;
    if (source.startsWith('<!--', pos)) {
      const end = source.indexOf('-->', pos + 4);
      if (end === -1) throw new NotSvg();
      pos = end + 3;
    } else if (source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos + 9);
      if (end === -1 || stack.length === 0) throw new NotSvg();
      css?.push(source.slice(pos + 9, end));
      pos = end + 3;
    } else if (source.startsWith('<!DOCTYPE', pos)) {
      if (rootSeen) throw new NotSvg();
      const end = source.indexOf('>', pos);
      if (end === -1) throw new NotSvg();
      // An internal subset can declare entities that expand to markup (or to a billion laughs).
      if (source.slice(pos, end).includes('[')) throw new Unsafe();
      pos = end + 1;
    } else if (source.startsWith('<?', pos)) {
      const end = source.indexOf('?>', pos);
      if (end === -1) throw new NotSvg();
      const target = /^<\?([^\s?]+)/.exec(source.slice(pos, end))?.[1]?.toLowerCase() ?? '';
      if (target === 'xml') throw new NotSvg();
      if (target === 'xml-stylesheet') throw new Unsafe();
      pos = end + 2;
    } else if (source.startsWith('</', pos)) {
      NAME.lastIndex = pos + 2;
      const name = NAME.exec(source)?.[0];
      SPACE.lastIndex = NAME.lastIndex;
      SPACE.exec(source);
      const open = stack.pop();
      if (!name || !open || open.name !== name || source[SPACE.lastIndex] !== '>') throw new NotSvg();
      namespaces = open.namespaces;
      if (open.style && css) {
        checkCss(css.join(''));
        css = null;
      }
      pos = SPACE.lastIndex + 1;
    } else {
      NAME.lastIndex = pos + 1;
      const name = NAME.exec(source)?.[0];
      if (!name) throw new NotSvg();
      if (stack.length === 0 && rootSeen) throw new NotSvg();
      const { attributes, end, selfClosing } = readAttributes(source, NAME.lastIndex);
      const declares = attributes.some(({ name }) => name === 'xmlns' || name.startsWith('xmlns:'));
      const scope = declares ? new Map(namespaces) : namespaces;
      const parsed: Attribute[] = [];
      for (const attribute of attributes) {
        if (attribute.name === 'xmlns') scope.set(null, attribute.value);
        else if (attribute.name.startsWith('xmlns:')) scope.set(attribute.name.slice(6), attribute.value);
        else parsed.push({ ...split(attribute.name), value: attribute.value });
      }
      const { prefix, local } = split(name);
      const namespace = scope.get(prefix);
      if (prefix !== null && namespace === undefined) throw new NotSvg();
      for (const attribute of parsed) {
        if (attribute.prefix !== null && !scope.has(attribute.prefix)) throw new NotSvg();
      }
      if (!rootSeen) {
        if (local !== 'svg' || (namespace !== undefined && namespace !== SVG_NS)) throw new NotSvg();
        rootSeen = true;
      }
      const element = local.toLowerCase();
      if (UNSAFE_ELEMENTS.has(element) || namespace === XHTML_NS) throw new Unsafe();
      for (const attribute of parsed) checkAttribute(attribute, element);
      const style = element === 'style' && css === null;
      if (!selfClosing) {
        stack.push({ name, namespaces, style });
        namespaces = scope;
        if (style) css = [];
      }
      pos = end;
    }
  }
  if (!rootSeen || stack.length > 0) throw new NotSvg();
};

/** `svg` for a well-formed SVG document that is safe to serve, `unsafe` or `not-svg` otherwise. */
export const inspectSvg = (bytes: Buffer): SvgVerdict => {
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return 'not-svg';
  }
  if (FORBIDDEN_CHARS.test(source)) return 'not-svg';
  try {
    parse(source);
    return 'svg';
  } catch (error) {
    if (error instanceof Unsafe) return 'unsafe';
    if (error instanceof NotSvg) return 'not-svg';
    throw error;
  }
};
