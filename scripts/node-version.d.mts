/** `22.12` of package.json's `"engines": {"node": ">=22.12"}`. */
export declare const NODE_MINIMUM: string;
/** Null when `version` (this Node's by default) is new enough, else what to tell the person. */
export declare function nodeTooOld(version?: string, minimum?: string): string | null;
