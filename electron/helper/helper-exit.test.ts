// The helper's exit codes in words, and the status line the launch command's shell prints after it.
import { describe, expect, it } from 'vitest';
import { describeHelperExit, parseExitMarker, RESTART_EXIT_CODES } from './helper-exit';
import { HELPER_START_TIMEOUT_MS } from './helper-launcher';

describe('helper exit codes', () => {
  it('reads the exit status the shell printed last, and only that', () => {
    expect(
      parseExitMarker('tactile-helper 3.1 listening on localabstract:tactile-helper\ntactile-helper exit 6\n'),
    ).toBe(6);
    expect(parseExitMarker('tactile-helper exit 0')).toBe(0);
    expect(parseExitMarker('tactile-helper 3.1 listening on localabstract:tactile-helper\n')).toBeNull();
    // A shell without $? (or a stream cut before the echo) says nothing about the status.
    expect(parseExitMarker('tactile-helper exit $?\n')).toBeNull();
  });

  it('says what each documented code means', () => {
    expect(describeHelperExit(2)).toMatch(/protocol mismatch.*below API 21/);
    expect(describeHelperExit(3)).toMatch(/could not connect to UiAutomation/);
    expect(describeHelperExit(4)).toMatch(/another UiAutomation client.*Appium's UiAutomator2/);
    expect(describeHelperExit(5)).toMatch(/socket failed/);
    expect(describeHelperExit(6)).toMatch(/lost its UiAutomation connection/);
    expect(describeHelperExit(7)).toMatch(/fatal error.*out of memory/);
    expect(describeHelperExit(null)).toMatch(/unknown/);
    expect(describeHelperExit(42)).toBe('the helper exited with code 42');
  });

  it("restarts only after a broken session (0, 6, 7), and waits longer than the helper's own 10 s + 2 s start", () => {
    expect([...RESTART_EXIT_CODES].sort()).toEqual([0, 6, 7]);
    expect(HELPER_START_TIMEOUT_MS).toBe(15_000);
  });
});
