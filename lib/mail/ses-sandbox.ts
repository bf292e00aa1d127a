/** What SES's sandbox sends in 24 hours, in each region (README "SES's sandbox"). */
export const SANDBOX_MAILS_A_DAY = 200;

/** The most `maxMailsPerHour` whose day-long flood leaves the sandbox's quota room for the digest. */
export const SANDBOX_MAILS_AN_HOUR = Math.floor(SANDBOX_MAILS_A_DAY / 24);

/** Whether a `maxMailsPerHour` could mail more in a day than the sandbox sends: 0 holds nothing back. */
export function exceedsSandbox(maxMailsPerHour: number): boolean {
  return maxMailsPerHour === 0 || maxMailsPerHour > SANDBOX_MAILS_AN_HOUR;
}
