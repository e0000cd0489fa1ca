export declare const COMPRESSIBLE: RegExp;
export declare function precompress(dir: string): number;
