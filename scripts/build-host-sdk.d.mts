/** Types of build-host-sdk.mjs for vite.config.ts and the SDK package test. */
export const PACKAGE_OUTPUT: string;
export function bundleHostSdk(options?: { minify?: boolean }): Promise<string>;
export function buildHostSdkPackage(out?: string): Promise<string>;
