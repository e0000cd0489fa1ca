export declare const COMPRESSIBLE: RegExp;
export declare function precompress(dir: string): number;
export declare function precompressFiles(files: readonly string[]): number;
