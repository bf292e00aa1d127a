/** The `service` of every log line, and the `service` dimension of every metric: alarms must name it to match. */
export const SERVICE_NAME = 'personal-site-api';
