export declare function toAscii(code: string): string;
export declare function rewriteAsAscii(file: string): void;
