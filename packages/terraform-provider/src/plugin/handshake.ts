/**
 * go-plugin's start-up handshake, as Terraform runs it:
 * - Terraform starts the plugin with the magic cookie in its environment. Without it the program was
 *   started by hand, and says so instead of waiting for a connection nobody will make.
 * - `PLUGIN_PROTOCOL_VERSIONS` lists the protocol majors Terraform speaks ("5,6"); this provider speaks 6.
 * - `PLUGIN_CLIENT_CERT` carries Terraform's one-time client certificate (PEM) for automatic mutual TLS;
 *   it is absent only when the user turned TLS off (`TF_DISABLE_PLUGIN_TLS`).
 * - The plugin answers with one line on stdout:
 *   `CORE-PROTOCOL-VERSION|APP-PROTOCOL-VERSION|NETWORK-TYPE|NETWORK-ADDR|PROTOCOL|SERVER-CERT`, where the
 *   server certificate is its DER bytes in base64 without padding.
 */

/** Terraform's cookie for provider plugins: a fact of its protocol, the same for every provider. */
export const magicCookie = {
  key: 'TF_PLUGIN_MAGIC_COOKIE',
  value: 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2',
} as const;

/** go-plugin's own handshake version. */
const coreProtocolVersion = 1;
export const pluginProtocolVersion = 6;

export type Environment = Readonly<Record<string, string | undefined>>;

export type HandshakeCheck =
  | { readonly ok: true; readonly clientCertificatePem: string | undefined }
  | { readonly ok: false; readonly message: string };

export function checkHandshakeEnvironment(environment: Environment): HandshakeCheck {
  if (environment[magicCookie.key] !== magicCookie.value) {
    return {
      ok: false,
      message: [
        'terraform-provider-flagplane is a Terraform provider plugin: Terraform starts it, not you.',
        'To install it where Terraform finds it, run: terraform-provider-flagplane install',
      ].join('\n'),
    };
  }
  const offered = (environment.PLUGIN_PROTOCOL_VERSIONS ?? '')
    .split(',')
    .map((version) => version.trim())
    .filter((version) => version !== '');
  // Hosts older than version negotiation send nothing; they get version 6 and refuse it themselves.
  if (offered.length > 0 && !offered.includes(String(pluginProtocolVersion))) {
    return {
      ok: false,
      message: `This provider speaks Terraform's plugin protocol ${pluginProtocolVersion}; this Terraform offers ${offered.join(', ')}. Terraform 1.0 or later is needed.`,
    };
  }
  const clientCertificatePem = environment.PLUGIN_CLIENT_CERT?.trim();
  return { ok: true, clientCertificatePem: clientCertificatePem || undefined };
}

export interface HandshakeAddress {
  readonly network: 'unix' | 'tcp';
  /** A socket path, or `127.0.0.1:port`. */
  readonly address: string;
}

export function handshakeLine(
  address: HandshakeAddress,
  serverCertificateDer: Uint8Array | undefined,
): string {
  const certificate = serverCertificateDer
    ? Buffer.from(serverCertificateDer).toString('base64').replace(/=+$/, '')
    : '';
  return [
    coreProtocolVersion,
    pluginProtocolVersion,
    address.network,
    address.address,
    'grpc',
    certificate,
  ].join('|');
}
