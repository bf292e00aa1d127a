import { describe, expect, it } from '@jest/globals';
import { renderStep, verbatim } from '../../../bin/synth/step.js';

describe('a next step as synth prints it', () => {
  it('numbers its first line, sets its sentences under it and what to copy two spaces further, from ten on one space further', () => {
    const step = ['Deploy (bootstrap first):', verbatim('npm run cdk -- bootstrap'), 'then:', verbatim('npm run cdk -- deploy --all')];
    expect(renderStep(step, 7)).toBe('  7. Deploy (bootstrap first):\n       npm run cdk -- bootstrap\n     then:\n       npm run cdk -- deploy --all');
    expect(renderStep(step, 12)).toBe('  12. Deploy (bootstrap first):\n        npm run cdk -- bootstrap\n      then:\n        npm run cdk -- deploy --all');
    expect(renderStep(['One line'], 1)).toBe('  1. One line');
  });
});
