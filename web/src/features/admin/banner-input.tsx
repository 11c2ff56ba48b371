import { useEffect, useState } from 'react';
import { POST_LIMITS } from '@agency/shared';

/** Image types the API accepts as banners (checked again by their bytes on the server). */
export const BANNER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/** A problem with a chosen banner found before upload, or null. */
export function checkBanner(file: File): string | null {
  if (!BANNER_TYPES.includes(file.type))
    return 'Banner image must be a JPEG, PNG, WebP, GIF or AVIF image.';
  if (file.size > POST_LIMITS.bannerMaxBytes)
    return `Banner image must be at most ${POST_LIMITS.bannerMaxBytes / 1024 / 1024} MB.`;
  return null;
}

export interface BannerInputProps {
  id: string;
  file: File | null;
  /** The banner the post already has (edit), shown until a new file is chosen. */
  current: string | null;
  onFile: (file: File | null) => void;
  error?: string;
  errorId: string;
  /** Upload progress 0..1 while saving, else null. */
  progress: number | null;
}

/** Banner file input with a preview of the chosen (or current) image and the upload progress bar. */
export function BannerInput({
  id,
  file,
  current,
  onFile,
  error,
  errorId,
  progress,
}: BannerInputProps) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? current;
  return (
    <div className="banner-input">
      <input
        id={id}
        type="file"
        accept={BANNER_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {shown && (
        <img
          className="banner-input__preview"
          src={shown}
          alt="Banner preview"
          width={320}
          height={180}
        />
      )}
      {progress !== null && (
        <progress
          className="banner-input__progress"
          max={1}
          value={progress}
          aria-label="Upload progress"
        >
          {Math.round(progress * 100)}%
        </progress>
      )}
    </div>
  );
}
