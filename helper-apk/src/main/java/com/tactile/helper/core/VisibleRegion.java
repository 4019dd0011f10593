package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * OCCLUDED's geometry (visible-region.ts): the node clipped to its window's touchable region, minus the
 * touchable regions of every higher window on the same display; bounds stand in where regions are unknown.
 */
public final class VisibleRegion {
    public final List<Rect> rects;
    public final long area;
    /** False when some window's bounds stood in for its exact touchable region. */
    public final boolean exact;

    private VisibleRegion(List<Rect> rects, boolean exact) {
        this.rects = rects;
        this.area = RectRegion.area(rects);
        this.exact = exact;
    }

    public static VisibleRegion of(DeviceState state, HelperNode node, HelperWindow own) {
        List<Rect> higher = new ArrayList<Rect>();
        boolean exact = own.touchableRegion != null;
        for (HelperWindow w : state.windows) {
            if (w.displayId == own.displayId && w.layer > own.layer) {
                higher.addAll(w.touchable());
                exact &= w.touchableRegion != null;
            }
        }
        List<Rect> clipped = RectRegion.intersect(Collections.singletonList(node.boundsPx), own.touchable());
        return new VisibleRegion(RectRegion.subtract(clipped, higher), exact);
    }
}
