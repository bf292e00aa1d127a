import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A TCP socket a process listens on: the address it is bound to, and its port. */
export interface ListeningSocket {
  readonly address: string;
  readonly port: number;
}

/**
 * The TCP sockets a process listens on, from Linux's /proc: the socket inodes among its open file
 * descriptors, looked up in the kernel's tables of TCP sockets (IPv4 and IPv6) in state LISTEN.
 * The kernel's own view, whatever the process prints.
 */
export function listeningSockets(pid: number): ListeningSocket[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]].filter((inode) => inode !== undefined);
      } catch {
        // Closed since the listing.
        return [];
      }
    }),
  );
  return (['tcp', 'tcp6'] as const).flatMap((table) =>
    readFileSync(`/proc/${pid}/net/${table}`, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Columns: sl, local_address, rem_address, st (0A is LISTEN), tx:rx queues, tr:when, retrnsmt, uid, timeout, inode.
      .filter((columns) => columns[3] === '0A' && inodes.has(columns[9] ?? ''))
      .map((columns) => {
        const [address, port] = (columns[1] ?? '').split(':') as [string, string];
        return { address: table === 'tcp' ? ipv4(address) : ipv6(address), port: parseInt(port, 16) };
      }),
  );
}

/** An IPv4 address as /proc writes it: the 32-bit number in hexadecimal, in the machine's byte order (little-endian here). */
function ipv4(hex: string): string {
  return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
}

/** An IPv6 address as /proc writes it: four 32-bit words, each in the machine's byte order, shortened as `::` where it is all zero. */
function ipv6(hex: string): string {
  const bytes = Array.from({ length: 4 }, (_, word) => ipv4(hex.slice(word * 8, word * 8 + 8)).split('.').map(Number)).flat();
  const groups = Array.from({ length: 8 }, (_, group) => (((bytes[group * 2] ?? 0) << 8) | (bytes[group * 2 + 1] ?? 0)).toString(16));
  const text = groups.join(':');
  return text === '0:0:0:0:0:0:0:0' ? '::' : text.replace(/(^|:)0(:0)+(:|$)/, '::');
}
