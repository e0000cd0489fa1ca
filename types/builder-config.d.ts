/** electron-builder.yml read as text at build time (Vite's `?raw`), see electron/lib/app-id.ts. */
declare module '*.yml?raw' {
  const text: string;
  export default text;
}
