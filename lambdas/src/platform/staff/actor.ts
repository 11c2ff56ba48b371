import type { Actor } from '@agency/shared';
import type { StaffIdentity } from './auth';

/**
 * Who made a change, for its record: the username and the e-mail the member has now, as the staff
 * check found them (the account record, else Cognito), so recording asks nothing more of Cognito.
 */
export const actorOf = (staff: Pick<StaffIdentity, 'username' | 'email'>): Actor => ({
  username: staff.username,
  email: staff.email,
});
