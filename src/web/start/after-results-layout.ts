import { yieldToBrowser } from './yield.ts';

await yieldToBrowser();
