import { useEffect, useRef, useState } from 'react';
import { IMAGE_MIMES, pictureSources, type Image, type MediaItem } from '@agency/shared';
import { isAbort, useUploadImage, type UploadStage } from './upload-image';
import { formatBytes } from './format-bytes';

/** The banner the form shows: the post's own, or one just uploaded (then its file name and size are known). */
export interface ShownBanner {
  /** The processed image, or null for a banner stored before images had variants. */
  image: Image | null;
  /** Site path of the banner (the full-size image, or the legacy object). */
  path: string | null;
  filename?: string;
  bytes?: number;
}

/** A banner as the form shows it after choosing a library image. */
export const shownFromItem = (item: MediaItem): ShownBanner => ({
  image: item,
  path: item.src,
  filename: item.filename,
  bytes: item.bytes,
});

export interface BannerInputProps {
  id: string;
  banner: ShownBanner | null;
  /** An image was uploaded (its library entry), or the banner was removed (null). */
  onChange: (item: MediaItem | null) => void;
  /** Whether an upload is under way (the form waits for it before saving). */
  onBusy: (busy: boolean) => void;
  /** The upload's error (naming the file), or null when a new upload starts. */
  onError: (message: string | null) => void;
  error?: string;
  errorId: string;
}

/** The banner, drawn from its smallest variants (never the full-size upload). */
function BannerPreview({ banner }: { banner: ShownBanner }) {
  const { image, path } = banner;
  if (!image)
    return path ? (
      <img className="banner-input__preview" src={path} alt="Banner" width={320} height={180} />
    ) : null;
  const p = pictureSources(image);
  return (
    <picture>
      {p.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes="320px" />
      ))}
      <img
        className="banner-input__preview"
        src={p.src}
        srcSet={p.srcset}
        sizes="320px"
        width={p.width}
        height={p.height}
        alt="Banner"
        style={{ backgroundImage: `url("${image.placeholder}")` }}
      />
    </picture>
  );
}

/**
 * The post's banner: choosing a file uploads it to the media library at once (progress, cancel),
 * then shows it from its variants with its size and dimensions; the form saves only its id.
 */
export function BannerInput({
  id,
  banner,
  onChange,
  onBusy,
  onError,
  error,
  errorId,
}: BannerInputProps) {
  const upload = useUploadImage();
  const [uploading, setUploading] = useState<{ filename: string; stage: UploadStage } | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the form cancels an upload nobody will use.
  useEffect(() => () => controller.current?.abort(), []);

  const choose = async (file: File): Promise<void> => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    onError(null);
    onBusy(true);
    setUploading({ filename: file.name, stage: { kind: 'uploading', fraction: 0 } });
    try {
      const item = await upload(file, {
        signal: own.signal,
        onStage: (stage) => setUploading({ filename: file.name, stage }),
      });
      onChange(item);
    } catch (err) {
      if (!isAbort(err)) onError(err instanceof Error ? err.message : 'The upload failed.');
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setUploading(null);
        onBusy(false);
      }
    }
  };

  const image = banner?.image;
  const details = [
    banner?.filename,
    banner?.bytes !== undefined ? formatBytes(banner.bytes) : undefined,
    image ? `${image.width} × ${image.height} px` : undefined,
  ].filter(Boolean);

  return (
    <div className="banner-input">
      <input
        id={id}
        type="file"
        accept={IMAGE_MIMES.join(',')}
        disabled={uploading !== null}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so choosing the same file again uploads it again.
          e.target.value = '';
          if (file) void choose(file);
        }}
      />
      {uploading ? (
        <div className="banner-input__upload">
          <progress
            className="banner-input__progress"
            max={1}
            value={uploading.stage.kind === 'uploading' ? uploading.stage.fraction : undefined}
            aria-label={`Uploading ${uploading.filename}`}
          />
          <span aria-live="polite">
            {uploading.stage.kind === 'uploading'
              ? `Uploading ${uploading.filename}: ${Math.round(uploading.stage.fraction * 100)}%`
              : `Processing ${uploading.filename}…`}
          </span>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => controller.current?.abort()}
          >
            Cancel upload
          </button>
        </div>
      ) : (
        banner && (
          <div className="banner-input__current">
            {/* Its own box: a <picture>'s <source>s would count as flex items and push it aside. */}
            <div className="banner-input__image">
              <BannerPreview banner={banner} />
            </div>
            {details.length > 0 && <p className="banner-input__details">{details.join(' · ')}</p>}
            <button type="button" className="btn btn--outline" onClick={() => onChange(null)}>
              Remove banner
            </button>
          </div>
        )
      )}
    </div>
  );
}
