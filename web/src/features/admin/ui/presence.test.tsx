import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../blog/testing/fake-api';
import { signIn } from '../shell/testing';
import { PresenceNotice } from './presence';

afterEach(() => vi.unstubAllGlobals());

describe('PresenceNotice', () => {
  it('names who else has the page open, and says goodbye when the editor closes', async () => {
    signIn();
    const api = fakeApi({
      heartbeatPresence: () => ({
        body: {
          data: [
            { user: 'sub-1', user_name: 'Bea Both', seen_at: '2026-11-28T06:00:00.000Z' },
            { user: 'sub-2', user_name: null, seen_at: '2026-11-28T06:00:05.000Z' },
          ],
        },
      }),
      leavePresence: () => ({ body: { message: 'Closed.' } }),
    });
    const { unmount } = render(<PresenceNotice subject="page:/about" what="this page" />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Bea Both and Someone else on the team are also editing this page.',
    );
    expect(api.calls('heartbeatPresence')[0]?.json).toEqual({ subject: 'page:/about' });
    expect(api.calls('heartbeatPresence')[0]?.headers.get('authorization')).toBe('Bearer tok-123');
    unmount();
    await waitFor(() => expect(api.calls('leavePresence')).toHaveLength(1));
    expect(api.calls('leavePresence')[0]?.json).toEqual({ subject: 'page:/about' });
  });

  it('shows nothing while no one else has it open', async () => {
    signIn();
    const api = fakeApi({ heartbeatPresence: () => ({ body: { data: [] } }) });
    render(<PresenceNotice subject="settings" what="the site settings" />);
    await waitFor(() => expect(api.calls('heartbeatPresence')).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
