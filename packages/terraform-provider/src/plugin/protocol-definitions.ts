/**
 * The gRPC services this plugin serves, loaded from the package's own .proto files (proto/) with
 * @grpc/proto-loader: no generated code. The files are found beside the running code, whether that is
 * the source (tests), the bundle in dist/, or the copy an installation put into Terraform's plugin
 * directory.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

export interface ServiceDefinitions {
  readonly provider: grpc.ServiceDefinition;
  readonly controller: grpc.ServiceDefinition;
  readonly stdio: grpc.ServiceDefinition;
  readonly health: grpc.ServiceDefinition;
}

const files = ['tfplugin6.proto', 'go-plugin.proto', 'health.proto'];

/** The nearest `proto/` directory above this module that holds our definitions. */
export function protoDirectory(from: string = fileURLToPath(import.meta.url)): string {
  let directory = path.dirname(from);
  for (;;) {
    const candidate = path.join(directory, 'proto');
    if (existsSync(path.join(candidate, 'tfplugin6.proto'))) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`no proto/tfplugin6.proto above ${from}`);
    directory = parent;
  }
}

export function loadServiceDefinitions(): ServiceDefinitions {
  const definition = protoLoader.loadSync(files, {
    includeDirs: [protoDirectory()],
    // Field names as the .proto files spell them; 64-bit integers as numbers; enums by name.
    keepCase: true,
    longs: Number,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  const service = (name: string): grpc.ServiceDefinition => {
    const found = definition[name];
    // Message and enum definitions carry a `format`; a service is a map of methods.
    if (!found || 'format' in found) {
      throw new Error(`the protocol definitions have no service ${name}`);
    }
    return found as grpc.ServiceDefinition;
  };
  return {
    provider: service('tfplugin6.Provider'),
    controller: service('plugin.GRPCController'),
    stdio: service('plugin.GRPCStdio'),
    health: service('grpc.health.v1.Health'),
  };
}
