import { describe, expect, it } from '@jest/globals';
import { MAX_COPY_BYTES, planRestore, type KeyVersion } from '../../../bin/publish/restore-plan.js';

/*
 * How `npm run publish -- --restore <time>` brings the bucket back (bin/publish/restore-plan.ts):
 * each key's newest version or delete marker from before the time is what it held then. moto
 * keeps versions too (publish-wire.test.ts); here, the boundaries of the rule.
 */

const at = (time: string) => new Date(`2026-11-20T${time}Z`);

/** A key's history, newest last: `[time, etag]` for a version, `[time]` for a delete marker. */
function history(key: string, ...changes: Array<[string, string?]>): KeyVersion[] {
  return changes.map(([time, etag], index) => ({
    key,
    versionId: `${key}-v${index}`,
    isLatest: index === changes.length - 1,
    lastModified: at(time),
    deleted: etag === undefined,
    ...(etag === undefined ? {} : { etag: `"${etag}"`, size: 10 }),
  }));
}

const T = at('10:00:00');

describe('the bucket as it was at a time', () => {
  it('copies back what was deleted and what was changed since, deletes what is new since, and leaves the rest', () => {
    const plan = planRestore(
      [
        ...history('deleted.html', ['09:00:00', 'a'], ['10:05:00']),
        ...history('changed.html', ['09:00:00', 'a'], ['10:05:00', 'b']),
        ...history('new.html', ['10:05:00', 'a']),
        ...history('same.html', ['09:00:00', 'a']),
        ...history('put-back.html', ['09:00:00', 'a'], ['10:05:00', 'b'], ['10:06:00', 'a']),
        ...history('gone-before.html', ['08:00:00', 'a'], ['09:00:00']),
        ...history('gone-before-back-after.html', ['08:00:00', 'a'], ['09:00:00'], ['10:05:00', 'a']),
      ],
      T,
    );
    expect(plan).toEqual({
      copies: [
        { key: 'changed.html', versionId: 'changed.html-v0', size: 10, change: 'changed since' },
        { key: 'deleted.html', versionId: 'deleted.html-v0', size: 10, change: 'deleted since' },
      ],
      deletions: ['gone-before-back-after.html', 'new.html'],
      kept: [],
      leftOut: [],
      unchanged: 2,
      objects: 5,
      // What the bucket holds once restored, which the front door's function is told of.
      keys: ['changed.html', 'deleted.html', 'put-back.html', 'same.html'],
    });
  });

  it('keeps what is new since but the deployed contact pages load, as a publish keeps it', () => {
    const plan = planRestore([...history('_astro/index.New1.css', ['10:05:00', 'a']), ...history('new.html', ['10:05:00', 'a'])], T, new Set(['_astro/index.New1.css']));
    expect({ deletions: plan.deletions, kept: plan.kept, keys: plan.keys }).toEqual({ deletions: ['new.html'], kept: ['_astro/index.New1.css'], keys: ['_astro/index.New1.css'] });
  });

  it('takes a change in the very second named as after it, and one the second before as before', () => {
    const plan = planRestore([...history('a.html', ['09:59:59', 'old'], ['10:00:00', 'new']), ...history('b.html', ['10:00:00', 'new'])], T);
    expect(plan.copies.map((copy) => copy.versionId)).toEqual(['a.html-v0']);
    expect(plan.deletions).toEqual(['b.html']);
  });

  it('tells two changes within one second apart by which is the latest', () => {
    const versions = history('a.html', ['09:00:00', 'old'], ['10:05:00', 'first'], ['10:05:00']);
    // As ListObjectVersions splits them: versions, then delete markers.
    expect(planRestore([versions[0]!, versions[1]!, versions[2]!], at('10:06:00')).copies).toEqual([]);
    expect(planRestore([versions[2]!, versions[0]!, versions[1]!], at('10:06:00')).copies).toEqual([]);
  });

  it('leaves out a version larger than one copy takes, and names it', () => {
    const [old, now] = history('talk.mp4', ['09:00:00', 'a'], ['10:05:00', 'b']);
    const plan = planRestore([{ ...old!, size: MAX_COPY_BYTES + 1 }, now!], T);
    expect({ copies: plan.copies, leftOut: plan.leftOut }).toEqual({ copies: [], leftOut: [{ key: 'talk.mp4', why: 'too large' }] });
    expect(planRestore([{ ...old!, size: MAX_COPY_BYTES }, now!], T).copies).toHaveLength(1);
  });

  it('leaves a key put before the bucket kept versions as it is, at a time before it was put: what it held then is not known', () => {
    const [before] = history('about.html', ['10:30:00', 'a']);
    const plan = planRestore([{ ...before!, versionId: 'null' }, ...history('news.html', ['10:30:00', 'b'])], T);
    expect(plan).toMatchObject({ copies: [], deletions: ['news.html'], leftOut: [{ key: 'about.html', why: 'from before versions' }] });
    expect(planRestore([{ ...before!, versionId: 'null' }], at('11:00:00')).leftOut).toEqual([]);
  });

  it('changes nothing at a time after the last change', () => {
    const plan = planRestore([...history('a.html', ['09:00:00', 'a'], ['10:05:00']), ...history('b.html', ['09:00:00', 'b'])], at('11:00:00'));
    expect(plan).toMatchObject({ copies: [], deletions: [], unchanged: 1, objects: 1 });
  });
});
