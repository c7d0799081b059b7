/**
 * Finding text tags (`<<...>>`) in a page's concatenated text. Positions are what the PDF pipeline
 * needs to place the field: it runs from the first `<` to the last `>`.
 */

/** One `<<...>>` occurrence. */
export interface TagMatch {
  /** Index of the first `<`. */
  start: number;
  /** Index just after the last `>` (exclusive), so `text.slice(start, end)` is the whole tag. */
  end: number;
  /** The whole tag, e.g. `<<t=signature;s=2>>`. */
  text: string;
  /** What lies between the brackets, e.g. `t=signature;s=2`. */
  inner: string;
}

/** A `<<` that never closes. */
export interface TagScanProblem {
  start: number;
  /** Exclusive end of the stretch the problem covers (up to the line end or the next `<<`). */
  end: number;
  code: 'unterminated_tag' | 'tag_too_long';
  message: string;
}

export interface TagScan {
  tags: TagMatch[];
  problems: TagScanProblem[];
}

/** Longest tag accepted, brackets included: longer stretches are ordinary text with a stray `<<`. */
export const MAX_TAG_LENGTH = 500;

function preview(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 40 ? `${oneLine.slice(0, 40)}…` : oneLine;
}

function indexOrEnd(text: string, search: string | RegExp, from: number): number {
  if (typeof search === 'string') {
    const i = text.indexOf(search, from);
    return i === -1 ? text.length : i;
  }
  search.lastIndex = from;
  const m = search.exec(text);
  return m ? m.index : text.length;
}

/**
 * `indexOrEnd` for positions that only move forward (as the scan's do): the last answer stands while it
 * is still ahead, so each search walks the text once and the scan stays linear however many "<<" a
 * page holds without a ">>" or a line break after them.
 */
function nextFinder(text: string, search: string | RegExp): (from: number) => number {
  let found = -1;
  return (from) => {
    if (found < from) found = indexOrEnd(text, search, from);
    return found;
  };
}

/**
 * Every `<<...>>` in `text`, in order, with its indices. A tag must close on the same line (no line
 * break inside) and before the next `<<`; `<<<x>>>` counts as one tag spanning all brackets.
 * A `<<` that does not close is reported in `problems`, never thrown.
 */
export function findTags(text: string): TagScan {
  const tags: TagMatch[] = [];
  const problems: TagScanProblem[] = [];
  const nextClose = nextFinder(text, '>>');
  const nextOpenAfter = nextFinder(text, '<<');
  const nextLineEnd = nextFinder(text, /[\r\n\u2028\u2029]/g);
  let from = 0;
  while (from < text.length) {
    const start = text.indexOf('<<', from);
    if (start === -1) break;
    let bodyStart = start;
    while (text[bodyStart] === '<') bodyStart++;
    const close = nextClose(bodyStart);
    const nextOpen = nextOpenAfter(bodyStart);
    const lineEnd = nextLineEnd(bodyStart);
    const limit = Math.min(nextOpen, lineEnd);
    if (close >= limit) {
      problems.push({
        start,
        end: limit,
        code: 'unterminated_tag',
        message: `The tag starting "${preview(text.slice(start, Math.min(limit, start + 60)))}" has no closing ">>" on the same line; close it with ">>".`,
      });
      from = bodyStart;
      continue;
    }
    let end = close;
    while (text[end] === '>') end++;
    if (end - start > MAX_TAG_LENGTH) {
      problems.push({
        start,
        end,
        code: 'tag_too_long',
        message: `The tag starting "${preview(text.slice(start, start + 60))}" is ${end - start} characters long; tags may be at most ${MAX_TAG_LENGTH}.`,
      });
    } else {
      tags.push({ start, end, text: text.slice(start, end), inner: text.slice(bodyStart, close) });
    }
    from = end;
  }
  return { tags, problems };
}
