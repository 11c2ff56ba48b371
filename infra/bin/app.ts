#!/usr/bin/env node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_NAMES } from '@agency/shared';
import { App } from 'aws-cdk-lib';
import { buildApp, readWebBuild } from '../lib/app';
import { parseStage } from '../lib/config';

// The app's entry: the one place that reads process.env (CDK passes the target account and region here).
const app = new App();
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
};
const contextSwitch = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return value === undefined ? undefined : String(value);
};
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

buildApp({
  app,
  stage: parseStage(context('stage') ?? 'dev'),
  repoRoot,
  web: readWebBuild(),
  ...(account && region ? { env: { account, region } } : {}),
  overrides: {
    mailFrom: context('mailFrom') ?? process.env[ENV_NAMES.mailFrom],
    mailTo: context('mailTo') ?? process.env[ENV_NAMES.mailTo],
    domainNames: context('domainNames'),
    certificateArn: context('certificateArn'),
    tlsPolicy: context('tlsPolicy'),
    mailFromDomain: context('mailFromDomain'),
    leadWebhookUrlParam: context('leadWebhookUrlParam'),
    leadWebhookSecretParam: context('leadWebhookSecretParam'),
    // cdk.json may hold a boolean; -c gives a string. Either is checked by stageConfig.
    requireMfa: contextSwitch('requireMfa'),
    githubRepo: context('githubRepo'),
    githubOidcProviderArn: context('githubOidcProviderArn'),
    alarmEmails: context('alarmEmails'),
    monthlyBudgetUsd: contextSwitch('monthlyBudgetUsd'),
    alarmsToWebhook: contextSwitch('alarmsToWebhook'),
    waf: contextSwitch('waf'),
    wafFormCallsPer5Min: contextSwitch('wafFormCallsPer5Min'),
    backupCopyRegion: context('backupCopyRegion'),
  },
});
