import type { Ref } from 'react';
import { StaleReload } from '../ui/stale-reload';

/**
 * Why the last save was refused when no field is to blame: a general message, or a stale version
 * (someone else saved first) with the way to reload the latest one. `focusRef` is what a refused
 * save brings into view.
 */
export function SaveProblem({
  general,
  stale,
  focusRef,
  onReload,
}: {
  general: string | null;
  stale: string | null;
  focusRef: Ref<HTMLDivElement>;
  onReload: (() => void) | undefined;
}) {
  return (
    <>
      {general && (
        <div ref={focusRef} className="form-error" role="alert">
          <p>{general}</p>
        </div>
      )}
      {stale && (
        <div ref={focusRef} className="form-error form-error--stale" role="alert">
          <StaleReload
            said={
              <>
                Someone else changed this post after you opened it, so your update was not saved. (
                {stale})
              </>
            }
            onReload={onReload}
          />
        </div>
      )}
    </>
  );
}
