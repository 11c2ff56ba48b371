import type { Intent } from './post-form-values';

/** A button that saves with `intent`, saying `busyLabel` while that save is under way. */
export function SaveButton({
  intent,
  label,
  busyLabel,
  primary = false,
  saving,
  onSave,
}: {
  intent: Intent;
  label: string;
  busyLabel: string;
  primary?: boolean;
  /** The save under way, if any: every save button waits for it. */
  saving: Intent | null;
  onSave: (intent: Intent) => void;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn--primary' : 'btn btn--outline'}
      disabled={saving !== null}
      onClick={() => onSave(intent)}
    >
      {saving === intent ? busyLabel : label}
    </button>
  );
}
