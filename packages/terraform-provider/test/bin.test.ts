/**
 * The executable as Terraform and as a person start it: the go-plugin handshake (the magic cookie, the
 * protocol versions offered, the handshake line with the server certificate) and the `install` command.
 * Each case runs the committed bin, which runs the build.
 */
import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { accessSync, constants, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '@flagplane/test-support/process';
import { describe, expect, it } from 'vitest';
import { createServerCertificate } from '../src/plugin/certificate.js';

const bin = new URL('../bin/terraform-provider-flagplane.js', import.meta.url).pathname;
/** The provider's version is the package's (the release moves it). */
const version: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const cookie = { TF_PLUGIN_MAGIC_COOKIE: 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2' };

/** Starts the plugin as Terraform would, answers its handshake line, and stops it. */
function handshake(environment: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin], {
      env: { ...process.env, ...cookie, ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) {
        child.kill();
        resolve(stdout.split('\n')[0] ?? '');
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the plugin exited (${code}) before its handshake`)));
  });
}

describe('the plugin executable', () => {
  it('started by hand, says what it is on stderr, prints nothing on stdout, and exits 1', async () => {
    const run = await runProcess(process.execPath, [bin], { env: { TF_PLUGIN_MAGIC_COOKIE: undefined } });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Terraform starts it, not you');
    expect(run.stderr).toContain('terraform-provider-flagplane install');
  });

  it('refuses a Terraform that offers only protocol 5', async () => {
    const run = await runProcess(process.execPath, [bin], {
      env: { ...cookie, PLUGIN_PROTOCOL_VERSIONS: '4,5' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("speaks Terraform's plugin protocol 6; this Terraform offers 4, 5");
  });

  it('answers the handshake with its socket and, under automatic mutual TLS, its certificate', async () => {
    const client = createServerCertificate();
    const line = await handshake({
      PLUGIN_PROTOCOL_VERSIONS: '5,6',
      PLUGIN_CLIENT_CERT: client.certificatePem,
    });
    const [core, version, network, address, protocol, certificate] = line.split('|');
    expect([core, version, network, protocol]).toEqual(['1', '6', 'unix', 'grpc']);
    expect(path.isAbsolute(address ?? '')).toBe(true);
    // DER in base64 without padding, as go-plugin reads it.
    expect(certificate).toMatch(/^[A-Za-z0-9+/]+$/);
    const served = new X509Certificate(Buffer.from(certificate ?? '', 'base64'));
    expect(served.subjectAltName).toBe('DNS:localhost');

    const plain = await handshake({ PLUGIN_PROTOCOL_VERSIONS: '6' });
    expect(plain.split('|')).toHaveLength(6);
    expect(plain.endsWith('|grpc|')).toBe(true); // TLS turned off (TF_DISABLE_PLUGIN_TLS): no certificate
  });
});

describe('terraform-provider-flagplane install', () => {
  it('writes the filesystem-mirror layout with an executable launcher, and prints what to declare', async () => {
    const mirror = path.join(mkdtempSync(path.join(os.tmpdir(), 'flagplane-install-')), 'mirror');
    const run = await runProcess(process.execPath, [bin, 'install', '--dir', mirror]);
    expect(run.code, run.stderr).toBe(0);
    const platform = `${process.platform}_${process.arch === 'x64' ? 'amd64' : process.arch}`;
    const directory = path.join(mirror, 'registry.terraform.io', 'flagplane', 'flagplane', version, platform);
    const launcher = path.join(directory, `terraform-provider-flagplane_v${version}`);
    accessSync(launcher, constants.X_OK);
    expect(readFileSync(launcher, 'utf8')).toContain(
      `exec '${process.execPath}' "$(dirname "$0")/dist/terraform-provider-flagplane.js"`,
    );
    accessSync(path.join(directory, 'proto', 'tfplugin6.proto'));
    expect(run.stdout).toContain('source  = "flagplane/flagplane"');
    expect(run.stdout).toContain(`path    = ${JSON.stringify(mirror)}`);
  });

  it('refuses an argument it does not know', async () => {
    const run = await runProcess(process.execPath, [bin, 'install', '--directory', '/tmp/x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown argument "--directory"');
  });
});
