import { describe, expect, it } from '@jest/globals';
import { InfoNotes } from '../../../bin/synth/info-notes.js';

/*
 * `npm run synth`'s line for each of the app's notes on the site (bin/synth/info-notes.ts), from the
 * lines `cdk synth` prints: aws-cdk-lib's block of an info annotation, made the note alone.
 */

const NOTE = 'siteDir: robots.txt is your own, served as written, which search engines read as before (keep it so if you like)';

function printed(lines: readonly string[]): (string[] | undefined)[] {
  const notes = new InfoNotes();
  return lines.map((line) => notes.take(line));
}

describe('the app’s notes on the site', () => {
  it('prints each info annotation as its note alone: no INFO, no construct path, no acknowledgement, no blank line after it', () => {
    expect(
      printed([`INFO ${NOTE} (Construct Annotations)`, '   PersonalSite/FrontDoor/Pages', "   Acknowledge with 'Annotation::info-annotation'", '', 'INFO siteDir: not published: .env (Construct Annotations)', '   PersonalSite/FrontDoor/Pages']),
    ).toEqual([[NOTE], [], [], [], ['siteDir: not published: .env'], []]);
  });

  it('leaves every other line to the rest: a warning’s block, cdk-nag’s, an indented line of no note', () => {
    const others = [
      'WARNING Template size is approaching limit: 845398/1000000. (Annotation)',
      '   PersonalSite',
      "   Acknowledge with 'Annotation::@aws-cdk/core:Stack.templateSize'",
      'INFO a note without its plugin’s name',
      '   an indented line',
    ];
    expect(printed(others)).toEqual(others.map(() => undefined));
    expect(printed([`INFO ${NOTE} (Construct Annotations)`, '   PersonalSite/FrontDoor/Pages', '', '   a line after the block', ''])).toEqual([[NOTE], [], [], undefined, undefined]);
  });
});
