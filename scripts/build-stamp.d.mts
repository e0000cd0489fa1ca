export type BuildName = 'web' | 'server';
export declare const BUILDS: Record<
  BuildName,
  { sources: readonly string[]; outputs: readonly string[]; stamp: string; script: string }
>;
export declare function sourceHash(build: BuildName, root?: string): string;
export declare function isBuildCurrent(build: BuildName, root?: string): boolean;
export declare function recordBuild(build: BuildName, root?: string): void;
