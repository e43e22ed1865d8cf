/**
 * Serving the plugin as Terraform starts it: check the handshake environment, listen on a private Unix
 * socket (loopback TCP on Windows) with mutual TLS pinned to Terraform's certificate, print the
 * handshake line, then serve until Terraform says Shutdown (or closes our stdin by exiting).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import type { Log } from '../log.js';
import { createServerCertificate } from './certificate.js';
import { goPluginServices } from './go-plugin-services.js';
import {
  checkHandshakeEnvironment,
  type Environment,
  type HandshakeAddress,
  handshakeLine,
} from './handshake.js';
import { loadServiceDefinitions } from './protocol-definitions.js';

/** Terraform's schemas and states can be large; its own client accepts up to 64 MiB answers. */
const maxMessageBytes = 64 * 1024 * 1024;

export async function servePlugin(options: {
  readonly providerHandlers: grpc.UntypedServiceImplementation;
  readonly log: Log;
  readonly environment?: Environment;
}): Promise<void> {
  const { log } = options;
  const environment = options.environment ?? process.env;
  const check = checkHandshakeEnvironment(environment);
  if (!check.ok) {
    process.stderr.write(`${check.message}\n`);
    process.exitCode = 1;
    return;
  }

  const definitions = loadServiceDefinitions();
  const server = new grpc.Server({
    'grpc.max_receive_message_length': maxMessageBytes,
    'grpc.max_send_message_length': maxMessageBytes,
  });
  let socketPath: string | undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const cpu = process.cpuUsage();
    log.debug('plugin shutting down', { cpu_milliseconds: Math.round((cpu.user + cpu.system) / 1000) });
    services.endStreams();
    const exit = () => {
      if (socketPath) rmSync(socketPath, { force: true });
      process.exit(0);
    };
    // Calls in flight may finish; a host that is gone does not keep us waiting long.
    const force = setTimeout(() => {
      server.forceShutdown();
      exit();
    }, 2_000);
    server.tryShutdown(() => {
      clearTimeout(force);
      exit();
    });
  };
  const services = goPluginServices(stop);
  server.addService(definitions.provider, options.providerHandlers);
  server.addService(definitions.controller, services.controller);
  server.addService(definitions.stdio, services.stdio);
  server.addService(definitions.health, services.health);

  let credentials = grpc.ServerCredentials.createInsecure();
  let certificateDer: Uint8Array | undefined;
  if (check.clientCertificatePem) {
    const certificate = createServerCertificate();
    certificateDer = certificate.der;
    credentials = grpc.ServerCredentials.createSsl(
      Buffer.from(check.clientCertificatePem),
      [
        {
          private_key: Buffer.from(certificate.privateKeyPem),
          cert_chain: Buffer.from(certificate.certificatePem),
        },
      ],
      true,
    );
  } else {
    log.warn('no PLUGIN_CLIENT_CERT: serving without TLS (TF_DISABLE_PLUGIN_TLS is set)');
  }

  const address = await listen(server, credentials, environment);
  if (address.network === 'unix') socketPath = address.address;
  // go-plugin plugins ignore interrupts: Terraform forwards Ctrl-C to its whole process group, then asks
  // the provider to stop through the protocol (StopProvider) and ends it with Shutdown.
  process.on('SIGINT', () => log.trace('interrupt ignored: Terraform ends the plugin'));
  process.on('SIGTERM', stop);
  // A host that died without saying Shutdown leaves us to a new parent: then nobody will call again.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 1_000).unref();
  log.debug('plugin listening', {
    network: address.network,
    address: address.address,
    tls: Boolean(certificateDer),
  });
  process.stdout.write(`${handshakeLine(address, certificateDer)}\n`);
}

async function listen(
  server: grpc.Server,
  credentials: grpc.ServerCredentials,
  environment: Environment,
): Promise<HandshakeAddress> {
  const bind = (target: string) =>
    new Promise<number>((resolve, reject) =>
      server.bindAsync(target, credentials, (failure, port) => (failure ? reject(failure) : resolve(port))),
    );
  if (process.platform === 'win32') {
    const port = await bind('127.0.0.1:0');
    return { network: 'tcp', address: `127.0.0.1:${port}` };
  }
  const directory = environment.PLUGIN_UNIX_SOCKET_DIR || os.tmpdir();
  const socketPath = path.join(directory, `plugin-flagplane-${randomBytes(6).toString('hex')}`);
  await bind(`unix:${socketPath}`);
  return { network: 'unix', address: socketPath };
}
