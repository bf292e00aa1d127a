/** The tables' names in local mode, which `npm start` creates and `npm run inbox -- --endpoint` reads. */
export const LOCAL_COUNTER_TABLE = 'rate-limit-counters';
export const LOCAL_INQUIRY_TABLE = 'inquiries';
