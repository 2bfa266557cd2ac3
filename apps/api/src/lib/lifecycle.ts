/**
 * Whether the process is draining: after SIGTERM it keeps serving for SHUTDOWN_DRAIN_MS while
 * readiness answers 503, so the load balancer stops sending before the server closes.
 */
export function createLifecycle() {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining(): void {
      draining = true;
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
