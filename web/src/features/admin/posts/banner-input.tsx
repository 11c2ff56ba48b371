import { useEffect, useRef, useState } from 'react';
import { IMAGE_MIMES, pictureSources, type Image, type MediaItem } from '@agency/shared';
import { isAbort, useUploadImage, type UploadStage } from '../ui/upload-image';
import { formatBytes } from '../ui/format-bytes';
import { MediaPicker } from '../ui/media-picker';

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
  /** An image was uploaded or picked from the library (its library entry), or the banner was removed (null). */
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
 * The post's banner as WordPress and Ghost show it: the current image (thumbnail, file, size) with
 * Replace, Choose from library and Remove; without one, Upload image and Choose from library. An
 * upload goes to the media library at once (progress, cancel), a library image is taken as it is;
 * either way the form saves only the image's id.
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
  const [picking, setPicking] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
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
  const describedBy = error ? errorId : undefined;

  return (
    <div className="banner-input">
      {/* Opened by Upload image / Replace: a bare file input would say "No file chosen" beside a banner. */}
      <input
        ref={fileInput}
        id={id}
        type="file"
        hidden
        accept={IMAGE_MIMES.join(',')}
        disabled={uploading !== null}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
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
            aria-describedby={describedBy}
            onClick={() => controller.current?.abort()}
          >
            Cancel upload
          </button>
        </div>
      ) : (
        <div className="banner-input__current">
          {banner ? (
            <>
              {/* Its own box: a <picture>'s <source>s would count as flex items and push it aside. */}
              <div className="banner-input__image">
                <BannerPreview banner={banner} />
              </div>
              {details.length > 0 && <p className="banner-input__details">{details.join(' · ')}</p>}
            </>
          ) : (
            <p className="banner-input__details">No banner: the post shows without an image.</p>
          )}
          <div className="banner-input__actions">
            <button
              type="button"
              className="btn btn--outline"
              aria-describedby={describedBy}
              onClick={() => fileInput.current?.click()}
            >
              {banner ? 'Replace' : 'Upload image'}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setPicking(true)}>
              Choose from library
            </button>
            {banner && (
              <button type="button" className="btn btn--outline" onClick={() => onChange(null)}>
                Remove banner
              </button>
            )}
          </div>
        </div>
      )}
      {picking && (
        <MediaPicker
          title="Choose the banner from the library"
          currentId={image?.id}
          onPick={(item) => {
            setPicking(false);
            onError(null);
            onChange(item);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
