/**
 * An SDK key of an environment. The API shows its plaintext once, when it is created: the provisioner
 * writes it to `outputFile` (mode 0600) and nowhere else: not to triggers, state, synthesized JSON or logs.
 */
import type { SdkKeyRemovalPolicy, SdkKeyType } from '@flagplane/contract';
import type { Construct } from 'constructs';
import type { IEnvironment } from './environment.js';
import { ManagedResource } from './internal/managed-resource.js';

export interface SdkKeyOptions {
  /** Identifies the key within its environment (with the environment, its identity). */
  readonly name: string;
  /** `ServerSide` (`fp_srv_…`) or `ClientSide` (`fp_cli_…`); changing it replaces the key. */
  readonly type: SdkKeyType;
  /** @default no description */
  readonly description?: string;
  /**
   * Where the plaintext is written when the key is created, relative to the directory the app is
   * synthesized from (`process.cwd()`), or absolute. The stack stores it relative to the stack's
   * directory, where the provisioners run.
   * @default the plaintext is not kept anywhere
   */
  readonly outputFile?: string;
  /** Raise it to replace the key on purpose: a new key is written to `outputFile`, then the old one revoked. @default 0 */
  readonly rotation?: number;
  /** @default 'revoke' */
  readonly removalPolicy?: SdkKeyRemovalPolicy;
}

export interface SdkKeyProps extends SdkKeyOptions {
  readonly environment: IEnvironment;
}

export class SdkKey extends ManagedResource {
  readonly kind = 'sdkKey';
  readonly environment: IEnvironment;
  readonly props: SdkKeyProps;

  constructor(scope: Construct, id: string, props: SdkKeyProps) {
    super(scope, id, props.environment.project.flagplane);
    this.props = props;
    this.environment = props.environment;
    props.environment.project.children.sdkKeys.push(this);
    this.flagplane.touch();
  }
}
