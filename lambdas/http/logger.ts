import { Logger } from '@aws-lambda-powertools/logger';
import { SERVICE_NAME } from './service-name.js';

/** The service's structured JSON logger. Log names and numbers, never what a visitor wrote. */
export const logger = new Logger({ serviceName: SERVICE_NAME });
