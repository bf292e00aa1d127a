import { describe, expect, it, jest } from '@jest/globals';
import { lazyModule } from '../../lambdas/lazy-module.js';

describe('lazyModule', () => {
  it('loads on first use only, and once however many ask at once', async () => {
    const load = jest.fn(async () => ({ answer: 42 }));
    const module = lazyModule(load);

    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([module(), module()]);

    expect(first).toBe(second);
    expect(await module()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so that the next use tries again', async () => {
    const load = jest.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('cannot load')).mockResolvedValueOnce('loaded');
    const module = lazyModule(load);

    await expect(module()).rejects.toThrow('cannot load');
    expect(await module()).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
