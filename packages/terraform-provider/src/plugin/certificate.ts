/**
 * The one-time certificate the plugin serves with under automatic mutual TLS. Terraform pins exactly this
 * certificate (it arrives in the handshake line) and connects with server name `localhost`, so it is
 * self-signed, names `localhost`, may act for a server and a client, and is its own authority, as
 * go-plugin's own are. A new key pair at every start (ECDSA P-256, from node:crypto); nothing is written
 * to disk.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import {
  bitString,
  booleanTrue,
  explicit,
  implicitPrimitive,
  objectIdentifier,
  octetString,
  sequence,
  set,
  unsignedInteger,
  utcTime,
  utf8String,
} from './der.js';

export interface ServerCertificate {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
  /** The certificate's DER bytes, for the handshake line. */
  readonly der: Uint8Array;
}

const oid = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extendedKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
};

const extension = (id: string, critical: boolean, value: Uint8Array) =>
  sequence(objectIdentifier(id), ...(critical ? [booleanTrue()] : []), octetString(value));

export function createServerCertificate(now: Date = new Date()): ServerCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = sequence(
    set(sequence(objectIdentifier(oid.commonName), utf8String('localhost'))),
    set(sequence(objectIdentifier(oid.organization), utf8String('Flagplane'))),
  );
  const signatureAlgorithm = sequence(objectIdentifier(oid.ecdsaWithSha256));
  const serial = randomBytes(16);
  // Positive and minimal: high bit clear, first byte not zero.
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  const toBeSigned = sequence(
    explicit(0, unsignedInteger(Buffer.from([2]))), // version 3
    unsignedInteger(serial),
    signatureAlgorithm,
    name,
    // A little in the past, so a host whose clock runs slightly behind still accepts it.
    sequence(
      utcTime(new Date(now.getTime() - 30_000)),
      utcTime(new Date(now.getTime() + 30 * 24 * 3600_000)),
    ),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      sequence(
        extension(oid.basicConstraints, true, sequence(booleanTrue())),
        // digitalSignature (bit 0), keyEncipherment (bit 2), keyCertSign (bit 5): 10100100, 2 unused bits.
        extension(oid.keyUsage, true, bitString(Buffer.from([0xa4]), 2)),
        extension(
          oid.extendedKeyUsage,
          false,
          sequence(objectIdentifier(oid.serverAuth), objectIdentifier(oid.clientAuth)),
        ),
        extension(
          oid.subjectAltName,
          false,
          sequence(implicitPrimitive(2, Buffer.from('localhost', 'ascii'))),
        ),
      ),
    ),
  );
  const signature = sign('sha256', toBeSigned, privateKey);
  const der = sequence(toBeSigned, signatureAlgorithm, bitString(signature));
  return {
    certificatePem: pem('CERTIFICATE', der),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    der: new Uint8Array(der),
  };
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
