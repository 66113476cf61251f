/**
 * `npm run lint`'s layer check: dependency-cruiser with .dependency-cruiser.cjs over src/.
 * Called through its API rather than its CLI, whose start-up check refuses Node 20 (the
 * service's own minimum) although the cruise itself runs on it.
 */
import { createRequire } from 'node:module';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: NonNullable<ICruiseOptions['ruleSet']>['forbidden'];
  options: ICruiseOptions;
};
const result = await cruise(['src', 'mikro-orm.config.ts'], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden },
  outputType: 'err',
});
const { output, exitCode } = result;
process.stdout.write(typeof output === 'string' ? output : JSON.stringify(output));
process.exitCode = exitCode;
