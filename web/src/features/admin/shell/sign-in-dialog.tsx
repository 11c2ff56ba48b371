import { useId, useRef } from 'react';
import { useModal } from '../../../lib/use-modal';
import { LoginForm } from './login-form';
import { saveSession } from './session';
import { completeSignIn } from './session-renewal';
import { useLogout } from './use-admin-api';

/**
 * Sign-in over the page when the session has ended: the page behind stays mounted with everything
 * typed into it, and the call that was interrupted is sent once the person has signed in.
 */
export function SignInDialog({ email }: { email: string }) {
  const titleId = useId();
  const textId = useId();
  const logout = useLogout();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { dialogRef, onKeyDown } = useModal<HTMLDivElement>({
    open: true,
    // Escape does not close it: the page behind cannot be used until someone signs in or out.
    onClose: () => undefined,
    initialFocus: email ? passwordRef : emailRef,
    lockScroll: true,
  });

  return (
    <div className="popup-backdrop">
      <div
        ref={dialogRef}
        className="popup sign-in-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <LoginForm
          heading={
            <h2 id={titleId} className="popup__title">
              Sign in to continue
            </h2>
          }
          initialEmail={email}
          emailRef={emailRef}
          passwordRef={passwordRef}
          onSignedIn={(data) => {
            saveSession(data);
            completeSignIn(data.token);
          }}
        >
          <p id={textId}>
            Your session has ended. Sign in again: this page stays as it is, and anything you were
            saving is sent once you are signed in.
          </p>
        </LoginForm>
        <button type="button" className="btn btn--link sign-in-dialog__leave" onClick={logout}>
          Sign out instead
        </button>
      </div>
    </div>
  );
}
