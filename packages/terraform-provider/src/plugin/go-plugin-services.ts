/**
 * The services go-plugin expects from every plugin, beside the provider itself:
 * - the health check, asked about the service "plugin";
 * - GRPCController.Shutdown, Terraform's way to say it is done with the plugin (which then exits);
 * - GRPCStdio.StreamStdio, which go-plugin opens at once to forward the plugin's output. Our log lines go
 *   to stderr, which go-plugin reads anyway, so the stream only stays open until shutdown.
 */
import type * as grpc from '@grpc/grpc-js';

export interface GoPluginServices {
  readonly controller: grpc.UntypedServiceImplementation;
  readonly stdio: grpc.UntypedServiceImplementation;
  readonly health: grpc.UntypedServiceImplementation;
  /** Ends the open stdio streams (a server waits for open calls before it can shut down). */
  readonly endStreams: () => void;
}

export function goPluginServices(onShutdown: () => void): GoPluginServices {
  const openStreams = new Set<grpc.ServerWritableStream<unknown, unknown>>();
  return {
    controller: {
      Shutdown: (_call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<object>) => {
        callback(null, {});
        // After the answer has gone out.
        setImmediate(onShutdown);
      },
    },
    stdio: {
      StreamStdio: (call: grpc.ServerWritableStream<unknown, unknown>) => {
        openStreams.add(call);
        call.on('cancelled', () => openStreams.delete(call));
      },
    },
    health: {
      Check: (
        call: grpc.ServerUnaryCall<{ service?: string }, object>,
        callback: grpc.sendUnaryData<object>,
      ) => {
        const service = call.request.service ?? '';
        callback(null, { status: service === '' || service === 'plugin' ? 'SERVING' : 'SERVICE_UNKNOWN' });
      },
    },
    endStreams: () => {
      for (const stream of openStreams) stream.end();
      openStreams.clear();
    },
  };
}
