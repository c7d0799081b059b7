/**
 * Reads a zip's central directory (without inflating anything) and refuses zip bombs before
 * LibreOffice sees the file: too many entries, a declared total uncompressed size over the limit,
 * or ZIP64 records (sizes we would have to trust blindly). The declared sizes are what a bomb lies
 * about, so LibreOffice's own inflating is also bounded by the pool's timeout.
 */
export interface ZipLimits {
  maxInflatedBytes: number;
  maxEntries: number;
}

export type ZipVerdict = { ok: true; entries: number; inflatedBytes: number } | { ok: false; reason: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

export function checkZip(bytes: Uint8Array, limits: ZipLimits): ZipVerdict {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--) {
    if (view.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: 'the file is damaged: its zip directory is missing (was it cut short during the upload?)' };
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    return { ok: false, reason: 'the file uses ZIP64 records, which office documents of an acceptable size never need' };
  }
  if (count > limits.maxEntries) return { ok: false, reason: `the file holds ${count} zip entries (at most ${limits.maxEntries} are accepted)` };
  if (dirOffset + dirSize > eocd) return { ok: false, reason: 'the file is damaged: its zip directory points outside the file' };

  let at = dirOffset;
  let inflated = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL) return { ok: false, reason: 'the file is damaged: its zip directory is corrupt' };
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff || compressed === 0xffffffff)
      return { ok: false, reason: 'the file uses ZIP64 sizes, which office documents of an acceptable size never need' };
    inflated += size;
    if (inflated > limits.maxInflatedBytes) {
      return {
        ok: false,
        reason: `its contents would unpack to more than ${Math.round(limits.maxInflatedBytes / 1048576)} MB (a "zip bomb"); this server refuses such files`,
      };
    }
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return { ok: true, entries: count, inflatedBytes: inflated };
}
