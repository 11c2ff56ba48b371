import { ENV_NAMES } from '@agency/shared';
import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** Sender address of lead e-mails. */
  from: string;
  /** Agency recipients of lead e-mails. */
  to: readonly string[];
}

/** The SES identity lead e-mails are sent from, and the permission to send as it. */
export class Mail extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly from: string;
  readonly to: readonly string[];

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.from = props.from;
    this.to = props.to;
    this.identity = new ses.EmailIdentity(this, 'Sender', {
      identity: ses.Identity.email(props.from),
    });
  }

  /**
   * Let `grantee` send e-mail only with this sender address. The resource is every identity of the
   * account because SES also authorises against the recipients' identities while in the sandbox; the
   * `ses:FromAddress` condition is what keeps it to this sender.
   */
  grantSend(grantee: iam.IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`],
        conditions: { StringEquals: { 'ses:FromAddress': this.from } },
      }),
    );
  }

  /** Environment variables of the mail settings, as the Lambdas read them. */
  get environment(): Record<string, string> {
    return { [ENV_NAMES.mailFrom]: this.from, [ENV_NAMES.mailTo]: this.to.join(',') };
  }
}
