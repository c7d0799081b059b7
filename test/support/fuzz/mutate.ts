/**
 * Seeded mutations of real PDFs for the import fuzz (issue 28): byte flips, truncation, duplicated and
 * deleted objects, huge or odd numbers in MediaBox and Rotate, a broken xref, junk spliced in. The same
 * seed gives the same bytes, so a failing case is reproduced from its seed alone.
 */

/** mulberry32: a small, fast, seeded generator (quality is plenty for picking mutations). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const int = (rand: Rand, max: number) => Math.floor(rand() * max);
const pick = <T>(rand: Rand, items: readonly T[]): T => items[int(rand, items.length)]!;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** Start and end of every `N G obj ... endobj` in the file's text. */
function objects(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const re = /\d+\s+\d+\s+obj\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = text.indexOf('endobj', m.index);
    if (end === -1) break;
    found.push({ start: m.index, end: end + 6 });
    re.lastIndex = end + 6;
  }
  return found;
}

const HUGE = ['1e308', '99999999999999999999999', '-1e39', '3.4e38', '2147483648', '-2147483649', 'NaN', '0', '-0', '1.#INF', '9'.repeat(400)];

/** One kind of damage each; the name says which, for the failure message. */
const MUTATIONS: Record<string, (text: string, rand: Rand) => string> = {
  flipBytes(text, rand) {
    const chars = text.split('');
    for (let i = 0, n = 1 + int(rand, 20); i < n; i++) chars[int(rand, chars.length)] = String.fromCharCode(int(rand, 256));
    return chars.join('');
  },
  truncate: (text, rand) => text.slice(0, int(rand, text.length)),
  duplicateObject(text, rand) {
    const all = objects(text);
    if (all.length === 0) return text;
    const o = pick(rand, all);
    const at = pick(rand, all).end;
    return text.slice(0, at) + '\n' + text.slice(o.start, o.end) + text.slice(at);
  },
  deleteObject(text, rand) {
    const all = objects(text);
    if (all.length === 0) return text;
    const o = pick(rand, all);
    return text.slice(0, o.start) + text.slice(o.end);
  },
  hugeMediaBox: (text, rand) =>
    text.replace(
      /\/(MediaBox|CropBox)\s*\[[^\]]*\]/g,
      (_m, key: string) => `/${key} [${[0, 1, 2, 3].map(() => (rand() < 0.5 ? pick(rand, HUGE) : int(rand, 2000) - 1000)).join(' ')}]`,
    ),
  oddRotate: (text, rand) =>
    text.replace(/\/Type\s*\/Page\b(?!s)/g, () => `/Type /Page /Rotate ${pick(rand, [...HUGE, '45', '-90', '270', '1e9', '/Name', '(text)', '[90]'])}`),
  brokenXref(text, rand) {
    const choice = int(rand, 3);
    if (choice === 0) return text.replace(/startxref\s+\d+/, `startxref\n${int(rand, text.length * 2)}`);
    if (choice === 1) return text.replace(/(\d{10}) (\d{5}) ([nf])/g, (m) => (rand() < 0.3 ? `${String(int(rand, 1e10)).padStart(10, '0')} 00000 n` : m));
    return text.replace(/\/(Size|Prev|XRefStm)\s+\d+/g, (_m, key: string) => `/${key} ${pick(rand, HUGE)}`);
  },
  spliceJunk(text, rand) {
    const at = int(rand, text.length);
    const junk = pick(rand, ['<<'.repeat(2000), '['.repeat(5000), '(', 'stream\n', 'endobj', '/Kids [1 0 R 1 0 R]', '%%EOF', '\u0000'.repeat(100)]);
    return text.slice(0, at) + junk + text.slice(at);
  },
  selfReference: (text) =>
    text.replace(/\/Kids\s*\[[^\]]*\]/, (m) => m.replace(/\[/, '[ 1 0 R 2 0 R 3 0 R ')).replace(/\/Parent\s+\d+\s+\d+\s+R/g, '/Parent 1 0 R'),
  bigCount: (text, rand) => text.replace(/\/(Count|Length|N|W)\s+\d+/g, (m, key: string) => (rand() < 0.5 ? `/${key} ${pick(rand, HUGE)}` : m)),
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** The seed's mutation(s) of `source`: one to three kinds of damage applied in turn. */
export function mutatePdf(source: Uint8Array, seed: number): { bytes: Uint8Array; applied: string[] } {
  const rand = random(seed);
  let text = latin1(source);
  const applied: string[] = [];
  for (let i = 0, n = 1 + int(rand, 3); i < n; i++) {
    const name = pick(rand, MUTATION_NAMES);
    text = MUTATIONS[name]!(text, rand);
    applied.push(name);
  }
  return { bytes: bytesOf(text), applied };
}
