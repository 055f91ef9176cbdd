// A Netlify build plugin (netlify.toml): keeps the generator's caches between builds with Netlify's
// own cache utility. Restored before the build command runs; saved after the build command has succeeded.

/** @param {{ inputs: { path: string }, utils: { cache: { restore(path: string): Promise<boolean>, save(path: string): Promise<boolean> } } }} options */
export async function onPreBuild({ inputs, utils }) {
  const restored = await utils.cache.restore(inputs.path);
  console.log(restored ? `Restored ${inputs.path} from the last build` : `No ${inputs.path} kept yet`);
}

/** @param {{ inputs: { path: string }, utils: { cache: { save(path: string): Promise<boolean> } } }} options */
export async function onPostBuild({ inputs, utils }) {
  const saved = await utils.cache.save(inputs.path);
  console.log(saved ? `Kept ${inputs.path} for the next build` : `Nothing in ${inputs.path} to keep`);
}
