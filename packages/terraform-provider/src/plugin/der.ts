/**
 * The few ASN.1 DER encodings an X.509 certificate needs (certificate.ts): tag, length, content. Node's
 * crypto makes keys, signs and parses certificates, but has no certificate builder; the registry's
 * builders bring a dozen packages for what is this page.
 */
const concat = (parts: readonly Uint8Array[]): Buffer => Buffer.concat(parts);

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tagged(tag: number, content: Uint8Array): Buffer {
  return concat([Buffer.from([tag]), length(content.length), content]);
}

export const sequence = (...items: readonly Uint8Array[]): Buffer => tagged(0x30, concat(items));
export const set = (...items: readonly Uint8Array[]): Buffer => tagged(0x31, concat(items));
export const octetString = (content: Uint8Array): Buffer => tagged(0x04, content);
export const utf8String = (text: string): Buffer => tagged(0x0c, Buffer.from(text, 'utf8'));
export const booleanTrue = (): Buffer => tagged(0x01, Buffer.from([0xff]));
/** A context-specific, constructed (explicit) tag: `[0]` is 0xa0. */
export const explicit = (number: number, content: Uint8Array): Buffer => tagged(0xa0 | number, content);
/** A context-specific, primitive (implicit) tag: a subjectAltName dNSName is `[2]`. */
export const implicitPrimitive = (number: number, content: Uint8Array): Buffer =>
  tagged(0x80 | number, content);

/** A non-negative integer from its big-endian bytes, in the minimal form DER requires. */
export function unsignedInteger(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const trimmed = Buffer.from(bytes.subarray(start));
  // A set high bit would read as negative: prefix a zero byte.
  return tagged(0x02, (trimmed[0] ?? 0) & 0x80 ? concat([Buffer.from([0]), trimmed]) : trimmed);
}

/** A BIT STRING of whole bytes, or of named bits (`unusedBits` trailing zero bits of the last byte). */
export function bitString(content: Uint8Array, unusedBits = 0): Buffer {
  return tagged(0x03, concat([Buffer.from([unusedBits]), content]));
}

export function objectIdentifier(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = arcs;
  const bytes: number[] = [first * 40 + second];
  for (const arc of rest) {
    const base128: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      base128.unshift((value % 128) | (base128.length > 0 ? 0x80 : 0));
      if (value < 128) break;
    }
    bytes.push(...base128);
  }
  return tagged(0x06, Buffer.from(bytes));
}

/** UTCTime (`YYMMDDHHMMSSZ`), which X.509 uses for dates before 2050. */
export function utcTime(date: Date): Buffer {
  if (date.getUTCFullYear() >= 2050) throw new Error('UTCTime holds dates before 2050 only');
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return tagged(0x17, Buffer.from(`${text}Z`, 'ascii'));
}
