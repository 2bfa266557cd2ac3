import { createRequire } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

export interface Telemetry {
  /** Sends the spans still buffered and stops tracing. */
  shutdown(): Promise<void>;
}

/** Loaded only when tracing is on (telemetry.ts). */
export function startOpenTelemetry({
  endpoint,
  serviceName,
}: {
  endpoint: string;
  serviceName: string;
}): Telemetry {
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [new HttpInstrumentation(), new PgInstrumentation()],
    // Traces only: no metrics or logs exporters, whatever OTEL_* variables say.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  // The server's modules imported http and pg before tracing started: requiring them again
  // lets the instrumentations patch those shared module objects (their prototypes).
  const require = createRequire(import.meta.url);
  require('node:http');
  require('pg');
  return { shutdown: () => sdk.shutdown() };
}
