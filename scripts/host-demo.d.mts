/** Types of host-demo.mjs for the journeys that start it. */
export interface HostDemo {
  quireOrigin: string;
  hostOrigin: string;
  forgerOrigin: string;
  close(): Promise<unknown>;
}

export function startHostDemo(options?: {
  host?: string;
  quirePort?: number;
  hostPort?: number;
  forgerPort?: number;
  root?: string;
  quireOrigin?: string;
}): Promise<HostDemo>;
