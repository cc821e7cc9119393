/** A rendered Kubernetes object (only what the callers read is typed). */
export interface KubeObject {
  apiVersion?: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: unknown;
}

export function render(dir: string): KubeObject[];
export function forPodman(
  objects: KubeObject[],
  opts: {
    run: string;
    ports: Record<string, number>;
    /** each Deployment's metrics port (METRICS_PORT); none: no metrics listener */
    metricsPorts?: Record<string, number>;
    secrets: Record<string, string | undefined>;
    settings?: Record<string, string>;
    /** the port the others reach a service at, when it is not its pod's (an endpoint proxy's) */
    servicePorts?: Record<string, number>;
    /** every image's tag instead of the overlay's */
    imageTag?: string;
  },
): { migrate: KubeObject[]; site: KubeObject[] };
/** The pod name that `podman kube play` gives a Deployment's (its one replica) or a Pod's object. */
export function podName(o: Pick<KubeObject, 'kind' | 'metadata'>): string;
export function playKube(opts: {
  run: string;
  ports: Record<string, number>;
  /** each Deployment's metrics port (METRICS_PORT); none: no metrics listener */
  metricsPorts?: Record<string, number>;
  secrets: Record<string, string | undefined>;
  /** merged into the agora-settings ConfigMap */
  settings?: Record<string, string>;
  /** the port the others reach a service at, when it is not its pod's (an endpoint proxy's) */
  servicePorts?: Record<string, number>;
  /** every image's tag instead of the overlay's */
  imageTag?: string;
  overlay?: string;
  log?: (m: string) => void;
}): Promise<{
  files: { migrate: string; site: string };
  migrate: KubeObject[];
  site: KubeObject[];
  /** removes the run's pods and volumes */
  down(): Promise<void>;
  /** plays one more pod of a played Deployment (its own port, another image tag if given); answers its pod name */
  addPod(name: string, opts: { suffix: string; port?: number; tag?: string }): Promise<string>;
  /** stops a pod (SIGTERM, SIGKILL after graceSeconds) and removes it */
  removePod(pod: string, graceSeconds: number): Promise<void>;
}>;

export interface ServiceEndpoint {
  port: number;
  label: string;
  ready: boolean;
  failures: number;
  /** connections sent to it */
  connections: number;
  /** HTTP answers it gave (status lines) */
  answers: number;
  readyAt: number | null;
}
/** A Service's endpoints on one machine: a TCP proxy to the ready endpoints, round robin per connection. */
export function startServiceProxy(opts: {
  port?: number;
  probe: { path: string; periodSeconds?: number; timeoutSeconds?: number; failureThreshold?: number };
  log?: (m: string) => void;
}): Promise<{
  port: number;
  add(port: number, label?: string): ServiceEndpoint;
  remove(port: number): void;
  endpoints(): ServiceEndpoint[];
  close(): Promise<void>;
}>;
