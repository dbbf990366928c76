import { isOutOfDate } from './freshness.mjs';
import { fromRoot, repoRoot } from './paths.mjs';
import { npm } from './run.mjs';

/** The console and the API bundle, each with the sources it is built from. */
export const builds = [
  {
    name: 'console',
    workspace: 'apps/web',
    output: fromRoot('apps/web/dist/index.html'),
    inputs: [
      fromRoot('apps/web/src'),
      fromRoot('apps/web/index.html'),
      fromRoot('apps/web/public'),
      fromRoot('apps/web/vite.config.ts'),
      fromRoot('packages/contract/src'),
    ],
  },
  {
    name: 'API',
    workspace: 'apps/api',
    output: fromRoot('apps/api/dist/server.js'),
    inputs: [
      fromRoot('apps/api/src'),
      fromRoot('apps/api/drizzle'),
      fromRoot('apps/api/tsup.config.ts'),
      fromRoot('packages/contract/src'),
    ],
  },
];

/** Builds whatever is older than its sources; resolves 0, or the first failing build's exit code. */
export const buildIfOutOfDate = async () => {
  for (const build of builds) {
    if (!isOutOfDate(build.output, build.inputs)) {
      console.log(`The ${build.name} build is up to date.`);
      continue;
    }
    console.log(`Building the ${build.name}: npm run build -w ${build.workspace}`);
    const code = await npm(['run', 'build', '-w', build.workspace], { cwd: repoRoot });
    if (code !== 0) {
      console.error(`Building the ${build.name} failed (exit code ${code}).`);
      return code;
    }
  }
  return 0;
};
