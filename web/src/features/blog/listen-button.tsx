import { useSpeech } from './use-speech';
import { speechText } from './speech';

/**
 * Play/pause "Listen the blog" control. The server renders it (a click before the app is live is
 * held and replayed, see lib/early-input.ts); it is removed where the browser cannot speak. `html`
 * may be read at the click (the island reads the article on the page, see listen-island.tsx).
 */
export function ListenButton({ html }: { html: string | (() => string) }) {
  const { supported, state, toggle } = useSpeech();
  if (!supported) return null;
  const playing = state === 'speaking';
  const label = state === 'idle' ? 'Listen the blog' : playing ? 'Pause reading' : 'Resume reading';
  return (
    <button
      type="button"
      className="listen-button"
      aria-pressed={playing}
      aria-label={label}
      onClick={() => toggle(speechText(typeof html === 'function' ? html() : html))}
    >
      <span
        className={`listen-button__icon listen-button__icon--${playing ? 'pause' : 'play'}`}
        aria-hidden="true"
      >
        {playing ? '❚❚' : '▶'}
      </span>
      <span className="listen-button__text">Listen the blog</span>
    </button>
  );
}
