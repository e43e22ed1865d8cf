/** SDK key material (§5, §12): `fp_srv_`/`fp_cli_` + 40 base62 characters; only its hash is kept. */
import { randomInt } from 'node:crypto';
import type { SdkKeyType } from '@flagplane/contract';

const base62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 40 characters from a cryptographic source, without modulo bias (`randomInt` rejects and redraws). */
export function randomBase62(length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) text += base62[randomInt(base62.length)];
  return text;
}

export function newSdkKeyPlaintext(type: SdkKeyType): string {
  return `${type === 'ServerSide' ? 'fp_srv_' : 'fp_cli_'}${randomBase62(40)}`;
}
