export declare function replaceFolder(next: string, live: string): void;
