/**
 * Every page's size in PDF points (rotation applied) as one short text, runs of equal pages folded:
 * `612x792*3,792x612` is three US Letter pages, then one landscape. The server sends it with page 1's image
 * (`X-Esign-Page-Sizes`) so the signing page lays out every page at its own size before pdf.js arrives.
 */
export type PageDimensions = readonly [width: number, height: number];

const round = (n: number) => Math.round(n * 100) / 100;

export function encodePageSizes(sizes: readonly PageDimensions[]): string {
  const runs: string[] = [];
  let i = 0;
  while (i < sizes.length) {
    const [w, h] = sizes[i]!;
    let n = 1;
    while (i + n < sizes.length && round(sizes[i + n]![0]) === round(w) && round(sizes[i + n]![1]) === round(h)) n++;
    runs.push(`${round(w)}x${round(h)}${n > 1 ? `*${n}` : ''}`);
    i += n;
  }
  return runs.join(',');
}

/** The sizes back, or null when the text is not what encodePageSizes writes (or names more than `maxPages`). */
export function decodePageSizes(text: string, maxPages = 10_000): PageDimensions[] | null {
  const sizes: PageDimensions[] = [];
  for (const run of text.split(',')) {
    const m = /^(\d{1,5}(?:\.\d{1,2})?)x(\d{1,5}(?:\.\d{1,2})?)(?:\*(\d{1,5}))?$/.exec(run.trim());
    if (!m) return null;
    const [w, h, n] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 1 : Number(m[3])];
    if (!(w > 0 && h > 0 && n > 0) || sizes.length + n > maxPages) return null;
    for (let k = 0; k < n; k++) sizes.push([w, h]);
  }
  return sizes;
}
