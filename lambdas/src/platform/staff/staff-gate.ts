/**
 * What only staff calls need of the wrapper (platform/http.ts): the token and account check and the
 * audit record. Loaded with `import()` on the first staff call, so it is a chunk of its own: the
 * public functions (the enquiry form, view counts, the post a reader opens) never load the Cognito
 * and DynamoDB code behind it on a cold start.
 */
export { checkStaff, emailOfToken, verifyToken } from './auth';
export { recordAudit } from './audit';
