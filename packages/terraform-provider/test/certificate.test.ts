/**
 * The certificate served under automatic mutual TLS, read back by Node's own X.509 parser: self-signed,
 * for `localhost`, its own authority, valid now; and a TLS connection that pins it (as Terraform does)
 * succeeds with a client certificate and fails without one.
 */
import { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { createServerCertificate } from '../src/plugin/certificate.js';

describe('the server certificate', () => {
  it('is a self-signed authority for localhost, valid now', () => {
    const { certificatePem, der } = createServerCertificate();
    const certificate = new X509Certificate(certificatePem);
    expect(certificate.raw.equals(Buffer.from(der))).toBe(true);
    expect(certificate.subjectAltName).toBe('DNS:localhost');
    expect(certificate.checkHost('localhost')).toBe('localhost');
    expect(certificate.ca).toBe(true);
    expect(certificate.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2']);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.checkIssued(certificate)).toBe(true);
    const now = Date.now();
    expect(new Date(certificate.validFrom).getTime()).toBeLessThan(now);
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(now);
    // Every start makes a new one.
    expect(createServerCertificate().certificatePem).not.toBe(certificatePem);
  });

  it('serves mutual TLS: a pinned client with its own certificate connects, one without is refused', async () => {
    const server = createServerCertificate();
    const client = createServerCertificate();
    const listener = tls.createServer({
      key: server.privateKeyPem,
      cert: server.certificatePem,
      ca: client.certificatePem,
      requestCert: true,
      rejectUnauthorized: true,
    });
    listener.on('secureConnection', (socket) => socket.end('hello'));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    const talk = (withCertificate: boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = tls.connect({
          port,
          host: '127.0.0.1',
          servername: 'localhost',
          ca: server.certificatePem,
          ...(withCertificate ? { key: client.privateKeyPem, cert: client.certificatePem } : {}),
        });
        let received = '';
        socket.on('data', (chunk) => (received += chunk));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
    try {
      await expect(talk(true)).resolves.toBe('hello');
      await expect(talk(false)).rejects.toThrow();
    } finally {
      listener.close();
    }
  });
});
