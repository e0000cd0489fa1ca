export declare const WEB_SOURCES: readonly string[];
export declare const WEB_OUTPUTS: readonly string[];
export declare const STAMP_FILE: string;
export declare function webSourceHash(root?: string): string;
export declare function isWebBuildCurrent(root?: string): boolean;
export declare function recordWebBuild(root?: string): void;
