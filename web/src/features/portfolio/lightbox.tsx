import { LARGE_SIZE, type PortfolioItem } from './portfolio-item';
import { CloseIcon } from '../../components/icons';
import { useModal } from '../../lib/use-modal';
import { Overlay } from '../../components/overlay';

/** Enlarged portfolio image over the page: scrolling locked, focus kept inside, closed by its button or Escape. */
export function Lightbox({ item, onClose }: { item: PortfolioItem; onClose: () => void }) {
  const { dialogRef, onKeyDown } = useModal<HTMLDivElement>({
    open: true,
    onClose,
    lockScroll: true,
  });
  return (
    <Overlay className="lightbox" onDismiss={onClose}>
      <div
        ref={dialogRef}
        className="lightbox__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={item.name}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="lightbox__close" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
        <img src={item.large} width={LARGE_SIZE.width} height={LARGE_SIZE.height} alt={item.alt} />
        <p className="lightbox__caption">
          <strong>{item.name}</strong> · {item.tech}
        </p>
      </div>
    </Overlay>
  );
}
