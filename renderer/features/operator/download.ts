// Hands a saved file to the user as a download: in a browser (web mode) it lands in the browser's downloads;
// in Electron the same download goes through the window's session, which asks where to save it. Main has
// already written it under <data dir>/exports either way.
export function offerDownload(name: string, data: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
