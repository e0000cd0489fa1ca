import type { Plugin } from 'vite';

export declare function sonnerWithoutInlineStyles(): Plugin;
