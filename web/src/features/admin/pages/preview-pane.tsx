import { useEffect, useRef, useState } from 'react';

/** The widths the preview shows the page at: a phone, a tablet and a desktop screen. */
export const PREVIEW_WIDTHS = [
  { name: 'Phone', width: 375 },
  { name: 'Tablet', width: 768 },
  { name: 'Desktop', width: 1280 },
] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number]['width'];

/** How long after the last edit the preview beside the form is redrawn. */
const REDRAW_MS = 800;

export interface PreviewPaneState {
  open: boolean;
  setOpen: (open: boolean) => void;
  width: PreviewWidth;
  setWidth: (width: PreviewWidth) => void;
}

export function usePreviewPane(): PreviewPaneState {
  const [open, setOpen] = useState(false);
  const [width, setWidth] = useState<PreviewWidth>(375);
  return { open, setOpen, width, setWidth };
}

/** The action bar's "Preview beside" switch. */
export function PreviewToggle({ pane, onOpen }: { pane: PreviewPaneState; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="btn btn--outline preview-toggle"
      aria-pressed={pane.open}
      onClick={() => {
        if (!pane.open) onOpen();
        pane.setOpen(!pane.open);
      }}
    >
      Preview beside
    </button>
  );
}

/**
 * The page's preview (the preview route, framed: the only admin page that may be) beside the form,
 * drawn at a phone's, a tablet's or a desktop's width and scaled down to fit. It is drawn again a
 * moment after each edit, once `flush` has written the edits where the preview reads them.
 */
export function PreviewPane({
  pane,
  href,
  draft,
  flush,
}: {
  pane: PreviewPaneState;
  href: string;
  draft: unknown;
  flush: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [room, setRoom] = useState({ width: 0, height: 0 });
  const first = useRef(true);
  const write = useRef(flush);
  write.current = flush;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setRoom({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      write.current();
      frame.current?.contentWindow?.location.reload();
    }, REDRAW_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const scale = room.width > 0 ? Math.min(1, room.width / pane.width) : 1;
  return (
    <section className="preview-pane" aria-label="Preview">
      <div className="preview-pane__widths" role="group" aria-label="Preview width">
        {PREVIEW_WIDTHS.map((w) => (
          <button
            key={w.width}
            type="button"
            className="btn btn--outline btn--small"
            aria-pressed={pane.width === w.width}
            onClick={() => pane.setWidth(w.width)}
          >
            {w.name} ({w.width} px)
          </button>
        ))}
      </div>
      <div ref={box} className="preview-pane__box">
        <iframe
          ref={frame}
          title={`Preview at ${pane.width} px`}
          src={href}
          className="preview-pane__frame"
          style={{
            width: `${pane.width}px`,
            height: `${Math.round(room.height / scale)}px`,
            transform: `scale(${scale})`,
          }}
        />
      </div>
    </section>
  );
}
