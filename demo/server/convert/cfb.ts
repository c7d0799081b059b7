/**
 * The stream names inside an OLE2 / Compound File Binary container (.doc, .xls, and the wrapper
 * an encrypted .docx/.xlsx travels in). Only the directory is read: enough to tell the formats apart.
 * Every loop is bounded by the file's size, so a crafted FAT cannot make it spin.
 */
const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;

export function isCfb(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && SIGNATURE.every((b, i) => bytes[i] === b);
}

/** The names of every directory entry (streams and storages); [] when the container is unreadable. */
export function cfbEntryNames(bytes: Uint8Array): string[] {
  if (!isCfb(bytes)) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return [];
  const size = 1 << shift;
  const sectorCount = Math.floor((bytes.length - size) / size) + 1;
  const offsetOf = (sector: number) => size + sector * size;
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : END_OF_CHAIN);

  // The FAT's own sectors: 109 in the header, the rest along the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(u32(0x4c + i * 4));
  let difat = u32(0x44);
  for (let hops = 0; difat < sectorCount && hops < sectorCount; hops++) {
    const base = offsetOf(difat);
    for (let i = 0; i < size / 4 - 1; i++) fatSectors.push(u32(base + i * 4));
    difat = u32(base + size - 4);
  }
  const fatEntry = (sector: number): number => {
    const perSector = size / 4;
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined || fatSector >= sectorCount) return END_OF_CHAIN;
    return u32(offsetOf(fatSector) + (sector % perSector) * 4);
  };

  const names: string[] = [];
  let sector = u32(0x30);
  for (let hops = 0; sector < sectorCount && hops < sectorCount; hops++) {
    const base = offsetOf(sector);
    for (let at = base; at + 128 <= base + size && at + 128 <= bytes.length; at += 128) {
      const length = view.getUint16(at + 64, true);
      if (length < 2 || length > 64) continue;
      let name = '';
      for (let i = 0; i < length - 2; i += 2) name += String.fromCharCode(view.getUint16(at + i, true));
      names.push(name);
    }
    sector = fatEntry(sector);
  }
  return names;
}
