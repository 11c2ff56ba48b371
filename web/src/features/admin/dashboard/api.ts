import { useOperation } from '../shell/use-operation';

/** The dashboard's figures: views, and for roles that may read leads, the lead counts. */
export const useDashboard = () => useOperation('getDashboard');
