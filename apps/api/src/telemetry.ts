import type { Config } from './config';
import type { Telemetry } from './telemetry-sdk';

export type { Telemetry } from './telemetry-sdk';

/**
 * Traces through OpenTelemetry, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK, the
 * http and pg instrumentations and the OTLP/HTTP exporter are imported then (telemetry-sdk.ts,
 * its own chunk of the build); otherwise nothing of OpenTelemetry is loaded and nothing is
 * sent anywhere.
 */
export async function startTelemetry(
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME'>,
  load: () => Promise<typeof import('./telemetry-sdk')> = () => import('./telemetry-sdk'),
): Promise<Telemetry | undefined> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const { startOpenTelemetry } = await load();
  return startOpenTelemetry({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
  });
}
