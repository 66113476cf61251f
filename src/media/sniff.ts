/** The image types an upload may be: named by what their bytes say, never by a declared content-type. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** AVIF: an ISO-BMFF `ftyp` box whose major or a compatible brand is `avif` or `avis`. */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length);
  if (boxSize < 16 || boxSize % 4 !== 0) return false;
  const brands = [8, ...Array.from({ length: (end - 16) / 4 }, (_, i) => 16 + 4 * i)];
  return brands.some((at) => startsWith(bytes, ascii('avif'), at) || startsWith(bytes, ascii('avis'), at));
}

/**
 * The image type the first bytes announce, or undefined for anything else (SVG, HTML, PDF, TIFF,
 * HEIC, text). The signature must be at offset 0: a file that starts as something else and carries
 * an image later is not an image.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isAvif(bytes)) return 'avif';
  return undefined;
}
