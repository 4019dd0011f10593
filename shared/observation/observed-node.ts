// The observed node tree: what Tactile knows about one native UI node, as shown to operators and agents.
// Two coordinate systems live side by side and must never be mixed: `bounds_px` are raw Android screen
// pixels (the only kind a selector may carry), `bounds` are the lossy 0..1000 normalized list coordinates.
import { z } from 'zod';
import { IdString, Int as int, RectSchema } from '../actions/primitives';

/** [left, top, right, bottom] in raw device pixels, exactly as Android reported them. */
export const PixelRectSchema = RectSchema;
export type PixelRect = z.infer<typeof PixelRectSchema>;

/** [left, top, right, bottom] normalized to 0..1000 of the screen width/height (on-screen nodes stay within 0..1000). */
export const NormalizedRectSchema = RectSchema;
export type NormalizedRect = z.infer<typeof NormalizedRectSchema>;

export const ScreenSizeSchema = z.object({ width: int.positive(), height: int.positive() }).strict();
export type ScreenSize = z.infer<typeof ScreenSizeSchema>;

export const NodeFlagsSchema = z
  .object({
    clickable: z.boolean(),
    checkable: z.boolean(),
    checked: z.boolean(),
    enabled: z.boolean(),
    focused: z.boolean(),
    focusable: z.boolean(),
    scrollable: z.boolean(),
    long_clickable: z.boolean(),
    selected: z.boolean(),
    password: z.boolean(),
  })
  .strict();
export type NodeFlags = z.infer<typeof NodeFlagsSchema>;

/**
 * The identity part of a control selector (see native-controls.en.md): resource id, class and package,
 * plus raw pixel bounds only when the id is missing or not unique. Never text or content description:
 * those are readings, not identity. Copyable verbatim into read_control / wait_until selectors.
 */
export const NativeSelectorSchema = z
  .object({
    resource_id: IdString.optional(),
    class_name: IdString.optional(),
    package_name: IdString.optional(),
    bounds: PixelRectSchema.optional(),
  })
  .strict()
  .refine((s) => s.resource_id !== undefined || s.class_name !== undefined, {
    message: 'a native selector needs a resource id or a class name; package and bounds never identify alone',
  });
export type NativeSelector = z.infer<typeof NativeSelectorSchema>;

export const ObservedNodeSchema = z
  .object({
    /** Position in document order, 0-based; stable only within one observation. */
    index: int.nonnegative(),
    /** Index of the parent node, null for a window's root. */
    parent: int.nonnegative().nullable(),
    depth: int.nonnegative(),
    /** Window the node belongs to, numbered from the bottom (see ObservedWindowSchema); a single-window dump is 0. */
    window: int.nonnegative(),
    class_name: z.string(),
    /** null when the node has no resource id. */
    resource_id: z.string().min(1).nullable(),
    /** Current text ('' when none): a reading, never identity. */
    text: z.string(),
    /** null when the node has no content description. */
    content_desc: z.string().min(1).nullable(),
    package_name: z.string(),
    bounds_px: PixelRectSchema,
    bounds: NormalizedRectSchema,
    flags: NodeFlagsSchema,
    /** null when no semantic selector exists (no id and no class name). */
    native_selector: NativeSelectorSchema.nullable(),
  })
  .strict();
export type ObservedNode = z.infer<typeof ObservedNodeSchema>;

export const RotationSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type Rotation = z.infer<typeof RotationSchema>;

/** One window of a multi-window dump (`uiautomator dump --windows`). */
export const ObservedWindowSchema = z
  .object({
    /** The nodes' `window`: z-order from the bottom (0), so a higher number is drawn above a lower one. */
    window: int.nonnegative(),
    /** Android's window id (AccessibilityWindowInfo.getId). */
    id: int,
    /** AccessibilityWindowInfo.getLayer: higher is above. */
    layer: int,
    title: z.string(),
    /** AccessibilityWindowInfo type name, e.g. TYPE_APPLICATION, TYPE_SYSTEM. */
    type: z.string(),
    bounds_px: PixelRectSchema,
    /**
     * Exact touchable region (the helper, API ≥ 30); null or absent when unknown (a uiautomator dump), then
     * `bounds_px` stands in. An empty list: nothing of the window takes touches.
     */
    touchable_region: z.array(PixelRectSchema).nullable().optional(),
    active: z.boolean(),
    focused: z.boolean(),
    /** Package of the window's root node, null when the window exposes no nodes. */
    package_name: z.string().nullable(),
  })
  .strict();
export type ObservedWindow = z.infer<typeof ObservedWindowSchema>;

export const ObservedTreeSchema = z
  .object({
    screen: ScreenSizeSchema,
    /** Surface rotation in quarter turns as the dump reported it (0 when absent). */
    rotation: RotationSchema,
    nodes: z.array(ObservedNodeSchema),
    /** Every window, top first; absent when the dump had one window only (uiautomator without --windows). */
    windows: z.array(ObservedWindowSchema).optional(),
  })
  .strict();
export type ObservedTree = z.infer<typeof ObservedTreeSchema>;

/** One device's observation as the device layer returns it and `tactile observe --json` prints it. */
export const DeviceObservationSchema = ObservedTreeSchema.extend({ serial: z.string().min(1) }).strict();
export type DeviceObservation = z.infer<typeof DeviceObservationSchema>;
