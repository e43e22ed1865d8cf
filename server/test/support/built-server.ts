/** The server as built (`npm run build`): the `main.js` the process tests start. */
import { fileURLToPath } from 'node:url';

export const mainScript = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
