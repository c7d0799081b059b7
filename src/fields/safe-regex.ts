/**
 * Regular expressions for validation code 93, evaluated in time linear in the input whatever the
 * pattern: the pattern is compiled to a Thompson NFA and run as a Pike VM (every live state
 * advanced in lock-step), so `(a+)+$` or `(.*a){20}` cannot hang the signer's browser or the server.
 * Pure TypeScript: runs unchanged in Node and the browser.
 *
 * Semantics (decided here, see docs/decisions/fields.md): the whole value must match, like an HTML
 * `pattern` attribute; flags come from a `(?i)`/`(?s)`/`(?m)` prefix (any combination, e.g. `(?im)`)
 * or from a `/pattern/flags` literal; backreferences and lookaround are rejected.
 */
import { parseRegex, RegexSyntaxError, WORD_RANGES, type Ranges, type RegexNode } from './safe-regex-parse.ts';

export { RegexSyntaxError } from './safe-regex-parse.ts';

export const MAX_PATTERN_LENGTH = 500;
/** Longer values are never matched (checkFieldValue reports their length instead). */
export const MAX_INPUT_LENGTH = 2000;
/** Compiled program size cap: bounds the per-character work (counted repeats expand). */
export const MAX_PROGRAM_SIZE = 5000;

export interface SafeRegexFlags {
  ignoreCase: boolean;
  dotAll: boolean;
  multiline: boolean;
}

export interface SafeRegex {
  /** The pattern without its flag prefix. */
  source: string;
  flags: SafeRegexFlags;
  /** True when the whole input matches (false for inputs over MAX_INPUT_LENGTH). */
  test(input: string): boolean;
  /** True when some part of the input matches, like RegExp.prototype.test. */
  search(input: string): boolean;
}

export type SafeRegexResult = { ok: true; regex: SafeRegex } | { ok: false; message: string; position?: number };

const OP_SET = 0,
  OP_SPLIT = 1,
  OP_JMP = 2,
  OP_MATCH = 3,
  OP_BOL = 4,
  OP_EOL = 5,
  OP_WORD = 6,
  OP_NOTWORD = 7;

interface Program {
  op: Uint8Array;
  x: Int32Array;
  y: Int32Array;
  sets: { ranges: Ranges; negate: boolean }[];
}

class ProgramTooLarge extends Error {}

function compile(tree: RegexNode): Program {
  const op: number[] = [],
    x: number[] = [],
    y: number[] = [];
  const sets: Program['sets'] = [];
  const emit = (o: number, a = 0, b = 0): number => {
    if (op.length >= MAX_PROGRAM_SIZE) throw new ProgramTooLarge();
    op.push(o);
    x.push(a);
    y.push(b);
    return op.length - 1;
  };
  // Nodes visited are bounded too: counted repeats of nothing (`(((){1000}){1000}){1000}`) emit no
  // instruction but would be walked a billion times.
  let visits = 0;
  const gen = (n: RegexNode): void => {
    if (++visits > MAX_PROGRAM_SIZE * 4) throw new ProgramTooLarge();
    switch (n.type) {
      case 'empty':
        return;
      case 'set':
        sets.push({ ranges: n.ranges, negate: n.negate === true });
        emit(OP_SET, sets.length - 1);
        return;
      case 'assert':
        emit({ bol: OP_BOL, eol: OP_EOL, word: OP_WORD, notword: OP_NOTWORD }[n.kind]);
        return;
      case 'seq':
        n.items.forEach(gen);
        return;
      case 'alt': {
        const jumps: number[] = [];
        n.options.forEach((option, i) => {
          if (i < n.options.length - 1) {
            const split = emit(OP_SPLIT);
            x[split] = op.length;
            gen(option);
            jumps.push(emit(OP_JMP));
            y[split] = op.length;
          } else gen(option);
        });
        for (const j of jumps) x[j] = op.length;
        return;
      }
      case 'repeat': {
        for (let i = 0; i < n.min; i++) gen(n.node);
        if (n.max === Infinity) {
          const split = emit(OP_SPLIT);
          x[split] = op.length;
          gen(n.node);
          emit(OP_JMP, split);
          y[split] = op.length;
        } else {
          const exits: number[] = [];
          for (let i = n.min; i < n.max; i++) {
            const split = emit(OP_SPLIT);
            x[split] = op.length;
            exits.push(split);
            gen(n.node);
          }
          for (const s of exits) y[s] = op.length;
        }
        return;
      }
    }
  };
  gen(tree);
  emit(OP_MATCH);
  return { op: Uint8Array.from(op), x: Int32Array.from(x), y: Int32Array.from(y), sets };
}

function inRanges(ranges: Ranges, cp: number): boolean {
  let lo = 0,
    hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[2 * mid]) hi = mid - 1;
    else if (cp > ranges[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

function caseVariants(cp: number): number[] {
  const s = String.fromCodePoint(cp);
  const out = [cp];
  for (const v of [s.toLowerCase(), s.toUpperCase()]) {
    const c = v.codePointAt(0)!;
    if (v.length === String.fromCodePoint(c).length && !out.includes(c)) out.push(c);
  }
  return out;
}

const isLineTerminator = (cp: number) => cp === 0x0a || cp === 0x0d || cp === 0x2028 || cp === 0x2029;
const isWord = (cp: number | undefined) => cp !== undefined && inRanges(WORD_RANGES, cp);

/** Runs the program over the input's code points; `anchored` = must match from position 0 to the end. */
function run(prog: Program, flags: SafeRegexFlags, input: string, anchored: boolean): boolean {
  const text = Array.from(input, (c) => c.codePointAt(0)!);
  const n = prog.op.length;
  let clist = new Int32Array(n),
    nlist = new Int32Array(n);
  let ccount: number, ncount: number;
  const seen = new Uint32Array(n); // generation marks, one generation per position
  let generation = 0;
  const stack = new Int32Array(n + 1);
  const matches = (set: number, cp: number) => {
    const { ranges, negate } = prog.sets[set];
    const found = inRanges(ranges, cp) || (flags.ignoreCase && caseVariants(cp).some((v) => v !== cp && inRanges(ranges, v)));
    return found !== negate;
  };
  let found = false;
  // Follows jumps, splits and assertions from `pc` at position `i`, adding the states reached to the list.
  const addClosure = (list: Int32Array, count: number, pc: number, i: number): number => {
    let sp = 0;
    stack[sp++] = pc;
    while (sp > 0) {
      const p = stack[--sp];
      if (seen[p] === generation) continue;
      seen[p] = generation;
      switch (prog.op[p]) {
        case OP_JMP:
          stack[sp++] = prog.x[p];
          break;
        case OP_SPLIT:
          stack[sp++] = prog.y[p];
          stack[sp++] = prog.x[p];
          break;
        case OP_BOL:
          if (i === 0 || (flags.multiline && isLineTerminator(text[i - 1]))) stack[sp++] = p + 1;
          break;
        case OP_EOL:
          if (i === text.length || (flags.multiline && isLineTerminator(text[i]))) stack[sp++] = p + 1;
          break;
        case OP_WORD:
          if (isWord(text[i - 1]) !== isWord(text[i])) stack[sp++] = p + 1;
          break;
        case OP_NOTWORD:
          if (isWord(text[i - 1]) === isWord(text[i])) stack[sp++] = p + 1;
          break;
        case OP_MATCH:
          if (!anchored || i === text.length) found = true;
          list[count++] = p;
          break;
        default:
          list[count++] = p;
      }
    }
    return count;
  };
  generation++;
  ccount = addClosure(clist, 0, 0, 0);
  if (found) return true;
  for (let i = 0; i < text.length; i++) {
    generation++;
    ncount = 0;
    const cp = text[i];
    for (let k = 0; k < ccount; k++) {
      const p = clist[k];
      if (prog.op[p] === OP_SET && matches(prog.x[p], cp)) ncount = addClosure(nlist, ncount, p + 1, i + 1);
    }
    if (!anchored) ncount = addClosure(nlist, ncount, 0, i + 1);
    if (found) return true;
    if (anchored && ncount === 0) return false;
    [clist, nlist] = [nlist, clist];
    ccount = ncount;
  }
  return found;
}

/** Splits a `(?im)` prefix or a `/.../flags` literal off a pattern line. */
export function splitFlags(line: string): { source: string; flags: SafeRegexFlags } {
  const flags: SafeRegexFlags = { ignoreCase: false, dotAll: false, multiline: false };
  let source = line;
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(line);
  const prefix = /^\(\?([ims]+)\)/.exec(line);
  let letters = '';
  if (literal && /^[gimsuyd]*$/.test(literal[2])) {
    source = literal[1];
    letters = literal[2];
  } else if (prefix) {
    source = line.slice(prefix[0].length);
    letters = prefix[1];
  }
  flags.ignoreCase = letters.includes('i');
  flags.dotAll = letters.includes('s');
  flags.multiline = letters.includes('m');
  return { source, flags };
}

/** Compiles a pattern (first line of a code-93 field's options). Never throws. */
export function compileSafeRegex(patternLine: string): SafeRegexResult {
  const line = String(patternLine ?? '');
  if (line.trim() === '') return { ok: false, message: 'The regular expression is empty.' };
  if (Array.from(line).length > MAX_PATTERN_LENGTH) {
    return { ok: false, message: `The regular expression is ${Array.from(line).length} characters long; it may be at most ${MAX_PATTERN_LENGTH}.` };
  }
  const { source, flags } = splitFlags(line);
  let program: Program;
  try {
    program = compile(parseRegex(source, { dotAll: flags.dotAll }));
  } catch (e) {
    if (e instanceof RegexSyntaxError) {
      return { ok: false, message: `The regular expression is not valid: ${e.message} (at character ${e.position + 1}).`, position: e.position };
    }
    if (e instanceof ProgramTooLarge) {
      return { ok: false, message: 'The regular expression is too complex (its repeat counts multiply out too far); simplify it.' };
    }
    return { ok: false, message: 'The regular expression could not be read.' };
  }
  const tooLong = (input: string) => input.length > MAX_INPUT_LENGTH * 2 || Array.from(input).length > MAX_INPUT_LENGTH;
  return {
    ok: true,
    regex: {
      source,
      flags,
      test: (input) => !tooLong(String(input)) && run(program, flags, String(input), true),
      search: (input) => !tooLong(String(input)) && run(program, flags, String(input), false),
    },
  };
}

/** Why a pattern cannot be used, or null when it compiles. */
export function safeRegexProblem(patternLine: string): string | null {
  const r = compileSafeRegex(patternLine);
  return r.ok ? null : r.message;
}
