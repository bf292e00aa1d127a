import { Token } from 'aws-cdk-lib';

/** A value as cdk-nag writes it in a finding: itself when known at synth, else its pseudo parameter. */
export function shownInFinding(value: string, pseudoParameter: 'Partition' | 'AccountId' | 'Region'): string {
  return Token.isUnresolved(value) ? `<AWS::${pseudoParameter}>` : value;
}
