import { shiftClock, testClockShiftMs } from '../tests/support/test-time.ts';

// The stories' tests run at the tests' time, as the UI and e2e tests do: the fixtures' trips (10 and 17
// December 2026) stay ahead whatever day they run. Storybook itself keeps the real clock.
shiftClock(testClockShiftMs);
