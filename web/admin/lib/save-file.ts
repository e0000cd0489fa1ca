/**
 * Hands a file the page holds to the browser as a download under `filename`
 * (a temporary object URL behind a `download` link). Works the same in the
 * desktop app, whose renderer cannot follow a link to the API as a download.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by the next task; the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
