export { teardown as default } from './test-run-folder.js';
