// Observation tools of seed 004 (fingerprint, activity, debug snapshot, screenshot, devices, healthcheck).
import { z } from 'zod';
import { device } from './common';

export const GetScreenFingerprintArgsSchema = z.strictObject({ ...device });
export const GetCurrentActivityArgsSchema = z.strictObject({ ...device });
export const CaptureScreenshotArgsSchema = z.strictObject({ ...device });
export const CaptureDebugSnapshotArgsSchema = z.strictObject({
  ...device,
  /** Also return the derived semantic layer (screen id, fingerprint, interactive elements). */
  include_semantic: z.boolean().default(true),
});
export const ListDevicesArgsSchema = z.strictObject({ platform: z.enum(['android']).optional() });
export const HealthcheckArgsSchema = z.strictObject({ platform: z.enum(['android']).optional() });
