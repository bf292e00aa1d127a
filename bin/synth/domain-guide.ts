/**
 * The steps of docs/your-domain.md's lists that synth's list sends the owner to, by list, number
 * and the step's own bold title: the owner finds a step by either, where the two lists number
 * theirs apart from synth's (test/unit/docs/domain-guide.test.ts holds each to the document).
 */
export interface GuideStep {
  /** The list's heading in docs/your-domain.md. */
  readonly list: string;
  readonly number: number;
  /** The bold words the step opens with. */
  readonly title: string;
}

export const DOMAIN_GUIDE_STEPS = {
  tryAtDnsHost: { list: 'Step by step', number: 6, title: 'Try it before the world does.' },
  tryInZone: { list: 'A Route 53 zone and a site at another host', number: 7, title: 'Try it' },
  switchInZone: { list: 'A Route 53 zone and a site at another host', number: 8, title: 'Switch' },
} as const satisfies Record<string, GuideStep>;

/** A step as synth's list cites it: `"A Route 53 zone and a site at another host", step 7 ("Try it")`. */
export function citedStep({ list, number, title }: GuideStep): string {
  const listName = list === 'Step by step' ? list : `"${list}"`;
  return `${listName}, step ${number} ("${title.replace(/\.$/, '')}")`;
}
