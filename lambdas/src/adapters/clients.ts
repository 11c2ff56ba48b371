import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/**
 * AWS clients, created once per cold start and reused across invocations. Endpoints of the local
 * stand-ins come from the SDK's AWS_ENDPOINT_URL_<SERVICE> variables, so this code is the same everywhere.
 */
let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let ses: SESv2Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;

export function dynamoClient(): DynamoDBDocumentClient {
  dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return dynamo;
}

export function s3Client(): S3Client {
  // WHEN_REQUIRED: the S3 stand-in would otherwise store stream bodies in aws-chunked framing.
  s3 ??= new S3Client({
    forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return s3;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({ maxAttempts: 2 });
  return ses;
}

export function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= new CognitoIdentityProviderClient({});
  return cognito;
}

/** For tests that swap endpoints between suites. */
export function resetClients(): void {
  dynamo = undefined;
  s3 = undefined;
  ses = undefined;
  cognito = undefined;
}
