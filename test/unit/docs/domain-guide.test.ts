import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { citedStep, DOMAIN_GUIDE_STEPS } from '../../../bin/synth/domain-guide.js';

/*
 * The steps of docs/your-domain.md that synth's list cites by list, number and title
 * (bin/synth/domain-guide.ts): each is where it says, so that a list renumbered is a test failing,
 * never an owner sent to the wrong step.
 */

const GUIDE = readFileSync(new URL('../../../docs/your-domain.md', import.meta.url), 'utf8');

/** The top-level numbered steps of the list under a heading, each as its first line's text. */
function stepsUnder(heading: string): Map<number, string> {
  const start = GUIDE.search(new RegExp(`^#{2,3} ${heading.replace(/[?.()]/g, '\\$&')}$`, 'm'));
  if (start < 0) throw new Error(`docs/your-domain.md has no heading ${heading}`);
  const rest = GUIDE.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => /^#{2,3} /.test(line));
  const steps = new Map<number, string>();
  for (const line of rest.slice(0, end < 0 ? undefined : end)) {
    const step = /^(\d+)\. (.*)$/.exec(line);
    if (step !== null) steps.set(Number(step[1]), step[2]!);
  }
  return steps;
}

describe('the steps of docs/your-domain.md that synth cites', () => {
  it.each(Object.entries(DOMAIN_GUIDE_STEPS))('%s: its number opens with its title in its list', (_name, step) => {
    expect(stepsUnder(step.list).get(step.number)).toMatch(new RegExp(`^\\*\\*${step.title.replace(/[.()]/g, '\\$&')}\\*\\*`));
  });

  it('cites a step by list, number and title, as an owner searches it', () => {
    expect(citedStep(DOMAIN_GUIDE_STEPS.tryAtDnsHost)).toBe('Step by step, step 6 ("Try it before the world does")');
    expect(citedStep(DOMAIN_GUIDE_STEPS.switchInZone)).toBe('"A Route 53 zone and a site at another host", step 8 ("Switch")');
  });

  it('would find a step moved (the check above can fail)', () => {
    expect(stepsUnder('A Route 53 zone and a site at another host').get(7)).not.toMatch(/^\*\*Switch\*\*/);
  });
});
