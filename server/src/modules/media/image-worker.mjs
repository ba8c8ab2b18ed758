// Worker-thread entry of the image pool. Plain JavaScript so it loads the same way under tsx,
// vitest and a compiled build: the compiled task (image-task.js) when it exists beside this
// file, else the TypeScript source through tsx's loader.
import { existsSync } from 'node:fs';

const compiled = new URL('./image-task.js', import.meta.url);
let task;
if (existsSync(compiled)) task = await import(compiled.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  task = await import(new URL('./image-task.ts', import.meta.url).href);
}

export default (input) => task.processImage(input);
