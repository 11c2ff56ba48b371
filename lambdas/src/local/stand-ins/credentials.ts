/** Credentials the stand-ins accept (s3rver knows only its own key pair). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
/** The region the local clients name (the stand-ins answer any). */
export const LOCAL_REGION = 'us-east-1';
