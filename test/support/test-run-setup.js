export { setup as default } from './test-run-folder.js';
