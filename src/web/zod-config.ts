import { z } from 'zod';

// The pages run under a CSP without 'unsafe-eval': zod validates without compiling code, and without
// probing for eval (the browser reports even a caught probe as a violation). Imported first by main.tsx,
// so it runs before any module parses anything.
z.config({ jitless: true });
