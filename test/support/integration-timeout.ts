import { jest } from '@jest/globals';

// A test through local mode waits on real servers: the worker's mail, a digest, a lazily loaded
// module on a first request. The waits in test/support (waitForEmails: 10 s) say what they were
// waiting for when they give up, which they can only do inside a test timeout longer than theirs;
// jest's 5 s default cut them short on a loaded 2-core machine. (testTimeout is a global option.)
jest.setTimeout(20_000);
