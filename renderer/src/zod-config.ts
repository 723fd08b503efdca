/**
 * Turns off zod's JIT before any schema is built: zod 4 compiles object parsers with `new Function`
 * once a probe (`new Function('')`) shows that eval is allowed, and under the renderer's Content
 * Security Policy (no `unsafe-eval`, docs/SECURITY.md) that probe is refused and reported as a
 * violation even though zod catches it. With `jitless` zod never probes and parses by interpretation.
 * main.tsx imports this module first, since schemas read the setting when they are built.
 */
import { z } from 'zod';

z.config({ jitless: true });
