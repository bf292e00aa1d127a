import { Logger } from '@aws-lambda-powertools/logger';

/** The service's structured JSON logger. Log names and numbers, never what a visitor wrote. */
export const logger = new Logger({ serviceName: 'personal-site-api' });
