import { jest } from '@jest/globals';

// A whole page per test: Chromium starts, loads and is driven, which a loaded CI machine can take
// well past jest's 5 s default to do. (testTimeout is a global option, not a project's.)
jest.setTimeout(30_000);
