import type { LoginThrottle, IdentityProvider } from '../domain/login';
import type { PostDeps, WarnLog } from '../domain/post-ports';
import { CloudFrontCdn } from './cdn';
import { CognitoIdentity } from './identity';
import { DynamoLoginThrottle } from './login-throttle';
import { S3MediaStore } from './media';
import { DynamoPostStore } from './post-store';
import { DynamoTaxonomyStore } from './taxonomy-store';

// Created once per cold start; each reads its clients and table names at call time.
const posts = new DynamoPostStore();
const taxonomy = new DynamoTaxonomyStore();
const media = new S3MediaStore();
const cdn = new CloudFrontCdn();
const identity = new CognitoIdentity();
const throttle = new DynamoLoginThrottle();

/** The AWS implementations of the post domain's ports, logging best-effort steps to `log`. */
export const postDeps = (log: WarnLog): PostDeps => ({ posts, taxonomy, media, cdn, log });

/** The AWS implementations of the login ports. */
export const loginDeps = (): { identity: IdentityProvider; throttle: LoginThrottle } => ({ identity, throttle });

export { identity, taxonomy };
