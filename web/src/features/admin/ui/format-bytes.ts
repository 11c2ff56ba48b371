/** A file size as people read it (`820 KB`, `4.8 MB`): the one the API's messages use too. */
export { formatBytes } from '@agency/shared';
