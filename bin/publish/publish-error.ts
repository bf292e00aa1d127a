/** What stops `npm run publish`, in one line that says what to do. */
export class PublishError extends Error {}
