import { ENV_NAMES } from '@agency/shared';
import { triggerFunction } from '@agency/lambdas/functions';
import { Aws, CfnOutput } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { GrantTargets } from '../apply-grants';
import { MAIL_EVENTS_GRANTS } from '../grants';
import { acknowledge } from '../nag';
import type { AgencyFunction } from './agency-function';
import { topicWorker } from './topic-worker';

/** The message tag SES sets on every e-mail: the CloudWatch dimension of the stage's mail metrics. */
const SES_METRIC_DIMENSION = 'ses:configuration-set';

export interface MailProps {
  /** Sender address of lead e-mails. */
  from: string;
  /** Agency recipients of lead e-mails. */
  to: readonly string[];
  /** The sender's domain as a domain identity with Easy DKIM and a custom MAIL FROM (prod); else an e-mail identity. */
  identityDomain?: { name: string; mailFromDomain: string };
}

/** The worker that takes SES's bounce and complaint events (`lambdas/src/modules/lead-delivery/workers/mail-events.ts`). */
const MAIL_EVENTS_FUNCTION = triggerFunction('mail-events');

/**
 * The SES identity lead e-mails are sent from, and the permission to send as it. Its default
 * configuration set publishes what becomes of each message: counts per event type as CloudWatch
 * metrics of this stage (dimension `ses:configuration-set`), and bounces and complaints to an SNS
 * topic whose worker marks a bounced lead e-mail on its lead (`handleEvents`).
 */
export class Mail extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  readonly from: string;
  readonly identityDomain?: MailProps['identityDomain'];
  readonly to: readonly string[];
  /** Set by `handleEvents`. */
  events?: { topic: sns.Topic; worker: AgencyFunction };

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.from = props.from;
    this.identityDomain = props.identityDomain;
    this.to = props.to;
    this.configurationSet = new ses.ConfigurationSet(this, 'Events', {
      reputationMetrics: true,
    });
    this.configurationSet.addEventDestination('Metrics', {
      destination: ses.EventDestination.cloudWatchDimensions([
        {
          name: SES_METRIC_DIMENSION,
          source: ses.CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: 'none',
        },
      ]),
      events: [
        ses.EmailSendingEvent.SEND,
        ses.EmailSendingEvent.DELIVERY,
        ses.EmailSendingEvent.BOUNCE,
        ses.EmailSendingEvent.COMPLAINT,
        ses.EmailSendingEvent.REJECT,
        ses.EmailSendingEvent.RENDERING_FAILURE,
      ],
    });
    const domain = props.identityDomain;
    this.identity = new ses.EmailIdentity(this, 'Sender', {
      identity: domain ? ses.Identity.domain(domain.name) : ses.Identity.email(props.from),
      // Every message sent as this identity goes through it, lead e-mails and Cognito's alike.
      configurationSet: this.configurationSet,
      ...(domain
        ? {
            dkimSigning: true,
            dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
            mailFromDomain: domain.mailFromDomain,
            // When the MAIL FROM's MX record is missing, SES falls back to its own domain and still
            // sends (DKIM keeps DMARC aligned): a lead e-mail is never refused for DNS.
            mailFromBehaviorOnMxFailure: ses.MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
          }
        : {}),
    });
    if (domain) this.outputDnsRecords(domain);
  }

  /**
   * The DNS records the operator adds at the domain's DNS host (README, Deploy: "Sender domain"):
   * the three Easy DKIM CNAMEs, and the MAIL FROM domain's MX and SPF records.
   */
  private outputDnsRecords(domain: { name: string; mailFromDomain: string }): void {
    const records = [
      ...[
        [this.identity.dkimDnsTokenName1, this.identity.dkimDnsTokenValue1],
        [this.identity.dkimDnsTokenName2, this.identity.dkimDnsTokenValue2],
        [this.identity.dkimDnsTokenName3, this.identity.dkimDnsTokenValue3],
      ].map(([name, value]) => `${name} CNAME ${value}`),
      `${domain.mailFromDomain} MX 10 feedback-smtp.${Aws.REGION}.amazonses.com`,
      `${domain.mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`,
    ];
    records.forEach((record, i) => {
      new CfnOutput(this, `SenderDnsRecord${i + 1}`, {
        description: `DNS record ${i + 1} of ${records.length} the SES sender domain ${domain.name} needs`,
        value: record,
      });
    });
  }

  /**
   * Bounces and complaints to an SNS topic, and the worker subscribed to it that marks a bounced
   * lead e-mail on its lead, made in `scope` (the operations nested stack, which keeps room in the
   * site's stack under CloudFormation's 500 resources). The worker
   * has MAIL_EVENTS_GRANTS. SNS invokes it asynchronously: the
   * stage's monitoring gives it an on-failure queue.
   */
  handleEvents(
    scope: Construct,
    props: { targets: GrantTargets; protectData: boolean; logRetentionDays: number },
  ): NonNullable<Mail['events']> {
    const topic = new sns.Topic(scope, 'MailBounceTopic', {
      displayName: 'SES bounces and complaints',
      enforceSSL: true,
    });
    acknowledge(
      topic,
      'AwsSolutions-SNS2',
      'SES events carry message ids, recipients and tags (a lead id), no lead content; SES can publish only to a topic without a customer managed key, which would cost a key per stage for no secret.',
    );
    new ses.ConfigurationSetEventDestination(scope, 'MailBounces', {
      configurationSet: this.configurationSet,
      destination: ses.EventDestination.snsTopic(topic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    const worker = topicWorker(scope, 'MailEventsFunction', {
      ...props,
      bundle: MAIL_EVENTS_FUNCTION.name,
      description: 'Marks a lead e-mail that SES reports as bounced on its lead.',
      grants: MAIL_EVENTS_GRANTS,
      topic,
    });
    this.events = { topic, worker };
    return this.events;
  }

  /** The stage's SES metric of one event type (`Bounce`, `Complaint`, `Send`…), from its configuration set. */
  metric(eventType: string, props: cloudwatch.MetricOptions = {}): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: 'AWS/SES',
      metricName: eventType,
      dimensionsMap: { [SES_METRIC_DIMENSION]: this.configurationSet.configurationSetName },
      statistic: 'Sum',
      ...props,
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
