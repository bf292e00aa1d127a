/** A Route 53 hosted zone the owner already has, as its settings name it (`hostedZoneId`, `hostedZoneName`). */
export interface HostedZoneAttributes {
  readonly hostedZoneId: string;
  readonly zoneName: string;
}
