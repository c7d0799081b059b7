/**
 * HTML is sanitised BEFORE LibreOffice sees it, so a document can neither fetch anything (SSRF)
 * nor embed a local file: active and embedding elements are dropped; every URL-bearing attribute
 * is dropped unless it is a `data:image/` source or an http(s)/mailto `<a href>` (links stay as
 * inert annotations in the PDF); CSS `url(...)`, `image-set(...)`, `expression(...)` and `@import`
 * are removed from `<style>` elements and `style` attributes. Parsed with parse5 (the HTML
 * standard's parser), so the browser-quirk tricks that fool regular expressions do not apply.
 */
import { parse, serialize } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const DROPPED = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'noscript',
  'template',
  'portal',
  'svg',
  'math',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'param',
]);
const URL_ATTRS = new Set([
  'src',
  'srcset',
  'href',
  'background',
  'poster',
  'data',
  'action',
  'formaction',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'usemap',
  'codebase',
  'classid',
  'archive',
  'profile',
  'manifest',
  'icon',
  'ping',
  'xlink:href',
  'xml:base',
]);

export function sanitiseHtml(html: string): string {
  const document = parse(html);
  walk(document as unknown as Node);
  const out = serialize(document);
  // One charset (the file is written as UTF-8); every other <meta> went with the sanitising.
  return out.replace(/<head>/i, '<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">');
}

function walk(node: Node): void {
  if (!('childNodes' in node)) return;
  const parent = node as Element;
  parent.childNodes = parent.childNodes.filter((child) => !('tagName' in child) || !DROPPED.has(child.tagName.toLowerCase()));
  if ('tagName' in parent) cleanElement(parent);
  for (const child of parent.childNodes) walk(child);
  // <template> content lives apart from childNodes: dropped above with its element.
}

function cleanElement(element: Element): void {
  const tag = element.tagName.toLowerCase();
  element.attrs = element.attrs.filter((attr) => {
    const name = (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name).toLowerCase();
    if (name.startsWith('on')) return false;
    if (name === 'style') {
      attr.value = sanitiseCss(attr.value);
      return true;
    }
    if (URL_ATTRS.has(name) || URL_ATTRS.has(attr.name.toLowerCase())) return allowedUrl(tag, attr.name.toLowerCase(), attr.value);
    return true;
  });
  if (tag === 'style') {
    for (const child of element.childNodes)
      if (child.nodeName === '#text') (child as DefaultTreeAdapterMap['textNode']).value = sanitiseCss((child as DefaultTreeAdapterMap['textNode']).value);
  }
}

function allowedUrl(tag: string, name: string, value: string): boolean {
  // Control characters and spaces inside a scheme are ignored by browsers ("jav\tascript:"): drop them first.
  const url = value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();
  if (tag === 'img' && name === 'src') return url.startsWith('data:image/');
  if (tag === 'a' && name === 'href') return /^(https?:\/\/|mailto:)/.test(url);
  return false;
}

const LOADERS = '(?:url|image-set|-webkit-image-set|image|cross-fade|element|expression|src)';

/** Removes everything in CSS that could load a resource. Escapes are decoded first so `u\\72l(` cannot hide a url(. */
export function sanitiseCss(css: string): string {
  return (
    css
      .replace(/\\([0-9a-f]{1,6})\s?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd))
      .replace(/\\([\s\S])/g, '$1')
      .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
      .replace(/@import[^;]*;?/gi, '')
      .replace(/@font-face\s*\{[^}]*\}?/gi, '')
      .replace(new RegExp(`${LOADERS}\\s*\\(\\s*("(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|[^)]*)\\s*\\)`, 'gi'), 'none')
      // Anything left unbalanced: the function name alone is enough to make it inert.
      .replace(new RegExp(`${LOADERS}\\s*\\(`, 'gi'), 'none(')
  );
}
