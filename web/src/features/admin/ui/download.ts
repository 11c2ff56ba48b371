/** Offer `text` to the browser as a file download (Blob → object URL → temporary link). */
export function downloadText(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Let the click start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `leads-2025-03-12.csv` for today. */
export const leadsFilename = (now = new Date()): string =>
  `leads-${now.toISOString().slice(0, 10)}.csv`;
