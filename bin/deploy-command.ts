/**
 * The command that deploys the project as it is now, as README's "First deploy" shows it: what every
 * owner command names when only a deploy makes a thing (a setting, the front door, a stack's output).
 */
export const DEPLOY_COMMAND = 'npm run cdk -- deploy --all';
