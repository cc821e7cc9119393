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
  overlay?: string;
  log?: (m: string) => void;
}): Promise<{
  files: { migrate: string; site: string };
  migrate: KubeObject[];
  site: KubeObject[];
  /** removes the run's pods and volumes */
  down(): Promise<void>;
}>;
