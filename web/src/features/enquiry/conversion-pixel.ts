/** Request the advertising conversion pixel once per successful enquiry (when one is configured). */
export function fireConversionPixel(url: string | undefined): void {
  if (!url) return;
  const img = new Image(1, 1);
  img.referrerPolicy = 'no-referrer-when-downgrade';
  img.src = url;
}
