import { readFileSync } from 'node:fs';

/** The resident memory of a process, from Linux's /proc. */
export function residentBytes(pid: number): number {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/** Samples a process's resident memory every few milliseconds until stopped; `stop` gives the highest seen. */
export function residentPeak(pid: number, everyMs = 10): { stop(): number } {
  let peak = residentBytes(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), everyMs);
  return {
    stop() {
      clearInterval(sampler);
      return Math.max(peak, residentBytes(pid));
    },
  };
}
