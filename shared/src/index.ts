export * from './contract/index';
export * from './entities';
export * from './constants';
export * from './text';
export { leadFields, type LeadInput } from './contract/leads';
export * from './config-names';
export * from './media';
