/** Names shared by the stack and the scripts that talk to a deployed stack (kept free of CDK imports). */

/** Names of the stack outputs; create-admin reads them back. */
export const OUTPUTS = {
  siteUrl: 'SiteUrl',
  userPoolId: 'UserPoolId',
  userPoolClientId: 'UserPoolClientId',
  distributionId: 'DistributionId',
} as const;
