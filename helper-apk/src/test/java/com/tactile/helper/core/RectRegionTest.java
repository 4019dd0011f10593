package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.Test;

public class RectRegionTest {
    private static List<Rect> one(int l, int t, int r, int b) {
        return Collections.singletonList(new Rect(l, t, r, b));
    }

    @Test
    public void subtractingACentreHoleGivesFourCanonicalBands() {
        List<Rect> ring = RectRegion.subtract(one(0, 0, 10, 10), one(2, 2, 8, 8));
        assertEquals(Arrays.asList(new Rect(0, 0, 10, 2), new Rect(0, 2, 2, 8), new Rect(8, 2, 10, 8),
                new Rect(0, 8, 10, 10)), ring);
        assertEquals(64, RectRegion.area(ring));
    }

    @Test
    public void fullCoverLeavesNothing() {
        assertTrue(RectRegion.subtract(one(10, 10, 20, 20),
                Arrays.asList(new Rect(0, 0, 15, 30), new Rect(15, 0, 30, 30))).isEmpty());
    }

    @Test
    public void rightAndBottomEdgesAreOutside() {
        assertTrue(RectRegion.intersect(one(0, 0, 10, 10), one(10, 0, 20, 10)).isEmpty());
    }

    @Test
    public void unionMergesRowsWithIdenticalRuns() {
        List<Rect> u = RectRegion.union(Arrays.asList(new Rect(0, 0, 10, 5), new Rect(0, 5, 10, 10), new Rect(0, 0, 0, 9)));
        assertEquals(one(0, 0, 10, 10), u);
        List<Rect> l = RectRegion.union(Arrays.asList(new Rect(0, 0, 10, 10), new Rect(5, 5, 15, 15)));
        assertEquals(Arrays.asList(new Rect(0, 0, 10, 5), new Rect(0, 5, 15, 10), new Rect(5, 10, 15, 15)), l);
    }

    /** Property: results agree with counting pixels, are disjoint, and are already canonical. */
    @Test
    public void agreesWithPixelCountingOnRandomRects() {
        Random random = new Random(7);
        for (int trial = 0; trial < 300; trial++) {
            List<Rect> a = Arrays.asList(randomRect(random), randomRect(random));
            List<Rect> b = Arrays.asList(randomRect(random), randomRect(random));
            List<Rect> inter = RectRegion.intersect(a, b);
            List<Rect> diff = RectRegion.subtract(a, b);
            long interPixels = 0;
            long diffPixels = 0;
            for (int x = 0; x < 32; x++) {
                for (int y = 0; y < 32; y++) {
                    boolean inA = inside(a, x, y);
                    boolean inB = inside(b, x, y);
                    interPixels += inA && inB ? 1 : 0;
                    diffPixels += inA && !inB ? 1 : 0;
                }
            }
            assertEquals(interPixels, RectRegion.area(inter));
            assertEquals(diffPixels, RectRegion.area(diff));
            assertDisjoint(inter);
            assertDisjoint(diff);
            assertEquals(diff, RectRegion.union(diff));
            assertEquals(inter, RectRegion.union(new ArrayList<Rect>(inter)));
        }
    }

    private static Rect randomRect(Random random) {
        int l = random.nextInt(20);
        int t = random.nextInt(20);
        return new Rect(l, t, l + random.nextInt(12), t + random.nextInt(12));
    }

    private static boolean inside(List<Rect> rects, int x, int y) {
        for (Rect r : rects) {
            if (x >= r.left && x < r.right && y >= r.top && y < r.bottom) {
                return true;
            }
        }
        return false;
    }

    private static void assertDisjoint(List<Rect> rects) {
        for (int i = 0; i < rects.size(); i++) {
            assertTrue("empty rect " + rects.get(i), !rects.get(i).isEmpty());
            for (int j = i + 1; j < rects.size(); j++) {
                assertNull(rects.get(i).intersect(rects.get(j)));
            }
        }
    }
}
