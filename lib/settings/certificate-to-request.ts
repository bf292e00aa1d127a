/**
 * A custom domain's steps before its certificate exists: `npm run synth` (lib/settings/cdk-run.ts)
 * synthesizes a domainName without certificateArn with this ARN in the certificate's place, and
 * lists the request as the first step (bin/synth/next-steps.ts); a deploy still stops on the missing
 * setting rather than send CloudFront an ARN that names no certificate. An ARN of ACM's form in
 * us-east-1, whose account (all zeros) holds no certificate.
 */
export const CERTIFICATE_TO_REQUEST_ARN = 'arn:aws:acm:us-east-1:000000000000:certificate/00000000-0000-0000-0000-000000000000';
