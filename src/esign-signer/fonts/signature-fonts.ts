/**
 * The script fonts for typed signatures, bundled (SIL OFL 1.1, inlined woff2 in
 * signature-fonts.generated.ts) so a typed signature looks like a signature on every machine and
 * the PNG the signer renders (which is what the server stamps) is the same everywhere.
 * Registered once per document through the FontFace API; faces in `document.fonts` also apply
 * inside shadow roots. The font file (90 KB) is its own module, fetched when the Type tab first opens: a
 * recipient who draws, uploads or only fills text fields never downloads it.
 */

/** Font stacks offered for typed signatures: a bundled script font first, then system ones for other scripts. */
export const DEFAULT_SIGNATURE_FONTS: readonly string[] = [
  "'Esign Dancing Script', 'Segoe Script', 'Snell Roundhand', cursive",
  "'Esign Great Vibes', 'Lucida Handwriting', 'Apple Chancery', cursive",
];

let registered: Promise<void> | null = null;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Adds the bundled faces to `document.fonts` (once) and resolves when they are loaded. Never
 * rejects: if a face cannot load, typed signatures fall back to the next font of their stack.
 */
export function registerSignatureFonts(): Promise<void> {
  if (registered) return registered;
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return (registered = Promise.resolve());
  registered = import('./signature-fonts.generated.ts')
    .then(({ SIGNATURE_FONT_FILES }) =>
      Promise.all(
        SIGNATURE_FONT_FILES.map(async (f) => {
          const face = new FontFace(f.family, base64ToBytes(f.woff2).buffer, { display: 'swap' });
          document.fonts.add(face);
          await face.load();
        }),
      ),
    )
    .then(
      () => undefined,
      () => undefined,
    );
  return registered;
}
