export declare const BUILD_FILES: string;
export declare function publishClientBuild(next: string, live: string): string[];
