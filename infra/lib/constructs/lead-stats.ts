import { Construct } from 'constructs';
import type { GrantTargets } from '../apply-grants';
import { BACKFILL_LEAD_STATS_GRANTS } from '../grants';
import { addDeployJob, type DeployJob } from './deploy-job';

export interface LeadStatsProps {
  targets: GrantTargets;
  protectData: boolean;
  logRetentionDays: number;
}

/**
 * The dashboard's lead figures for leads stored before it existed: a job, run by CloudFormation
 * during the deploy, counts every lead not counted yet into the stats table (each lead once: it
 * marks what it counted, and new leads are counted as they arrive).
 */
export class LeadStats extends Construct {
  readonly backfill: DeployJob;

  constructor(scope: Construct, id: string, props: LeadStatsProps) {
    super(scope, id);
    this.backfill = addDeployJob(this, {
      job: 'backfill-lead-stats',
      functionId: 'BackfillLeadStatsFunction',
      triggerId: 'BackfillLeadStats',
      description: 'Counts the leads stored before the dashboard existed into its statistics.',
      grants: BACKFILL_LEAD_STATS_GRANTS,
      ...props,
    });
  }
}
