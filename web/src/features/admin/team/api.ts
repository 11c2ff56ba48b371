import { useOperation } from '../shell/use-operation';

/** Every member of the team with role, state and two-factor. */
export const useTeam = () => useOperation('listTeam');
