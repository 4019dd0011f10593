package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Region algebra for occlusion, a region being a union of pixel rects, with results in the canonical form of
 * shared/helper-protocol/regions.ts so Java and TypeScript report identical rect lists: cut the plane at every
 * distinct x and y edge of the operands, keep the cells inside the result, merge each row's cells into maximal
 * x runs, merge vertically adjacent rows with identical runs, sort by (top, left).
 * Hand-written because android.graphics.Region is native code (not in the pure core) with its own output form.
 */
public final class RectRegion {
    private RectRegion() {}

    private interface Inside {
        boolean at(int x, int y);
    }

    public static List<Rect> union(List<Rect> region) {
        final List<Rect> rects = nonEmpty(region);
        return canonical(rects, new Inside() {
            @Override
            public boolean at(int x, int y) {
                return containsAny(rects, x, y);
            }
        });
    }

    public static List<Rect> intersect(List<Rect> a, List<Rect> b) {
        final List<Rect> ra = nonEmpty(a);
        final List<Rect> rb = nonEmpty(b);
        return canonical(concat(ra, rb), new Inside() {
            @Override
            public boolean at(int x, int y) {
                return containsAny(ra, x, y) && containsAny(rb, x, y);
            }
        });
    }

    public static List<Rect> subtract(List<Rect> a, List<Rect> b) {
        final List<Rect> ra = nonEmpty(a);
        final List<Rect> rb = nonEmpty(b);
        return canonical(concat(ra, rb), new Inside() {
            @Override
            public boolean at(int x, int y) {
                return containsAny(ra, x, y) && !containsAny(rb, x, y);
            }
        });
    }

    /** Area of a region whose rects do not overlap (every result of this class). */
    public static long area(List<Rect> region) {
        long sum = 0;
        for (Rect r : region) {
            sum += r.area();
        }
        return sum;
    }

    private static List<Rect> canonical(List<Rect> cutBy, Inside inside) {
        int[] xs = edges(cutBy, true);
        int[] ys = edges(cutBy, false);
        List<Rect> out = new ArrayList<Rect>();
        List<int[]> open = new ArrayList<int[]>(); // {left, top, right, bottom} still growing downwards
        for (int j = 0; j + 1 < ys.length; j++) {
            int top = ys[j];
            int bottom = ys[j + 1];
            List<int[]> runs = new ArrayList<int[]>();
            for (int i = 0; i + 1 < xs.length; i++) {
                if (!inside.at(xs[i], top)) {
                    continue;
                }
                int[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
                if (last != null && last[1] == xs[i]) {
                    last[1] = xs[i + 1];
                } else {
                    runs.add(new int[] {xs[i], xs[i + 1]});
                }
            }
            if (sameRuns(open, runs, top)) {
                for (int[] r : open) {
                    r[3] = bottom;
                }
            } else {
                flush(open, out);
                open = new ArrayList<int[]>();
                for (int[] run : runs) {
                    open.add(new int[] {run[0], top, run[1], bottom});
                }
            }
        }
        flush(open, out);
        Collections.sort(out, new Comparator<Rect>() {
            @Override
            public int compare(Rect a, Rect b) {
                return a.top != b.top ? Integer.compare(a.top, b.top) : Integer.compare(a.left, b.left);
            }
        });
        return out;
    }

    private static boolean sameRuns(List<int[]> open, List<int[]> runs, int top) {
        if (open.size() != runs.size()) {
            return false;
        }
        for (int k = 0; k < open.size(); k++) {
            int[] rect = open.get(k);
            if (rect[0] != runs.get(k)[0] || rect[2] != runs.get(k)[1] || rect[3] != top) {
                return false;
            }
        }
        return true;
    }

    private static void flush(List<int[]> open, List<Rect> out) {
        for (int[] r : open) {
            out.add(new Rect(r[0], r[1], r[2], r[3]));
        }
    }

    private static int[] edges(List<Rect> rects, boolean horizontal) {
        TreeSet<Integer> set = new TreeSet<Integer>();
        for (Rect r : rects) {
            set.add(horizontal ? r.left : r.top);
            set.add(horizontal ? r.right : r.bottom);
        }
        int[] out = new int[set.size()];
        int i = 0;
        for (Integer v : set) {
            out[i++] = v;
        }
        return out;
    }

    private static boolean containsAny(List<Rect> rects, int x, int y) {
        for (Rect r : rects) {
            if (x >= r.left && x < r.right && y >= r.top && y < r.bottom) {
                return true;
            }
        }
        return false;
    }

    private static List<Rect> nonEmpty(List<Rect> rects) {
        List<Rect> out = new ArrayList<Rect>();
        for (Rect r : rects) {
            if (!r.isEmpty()) {
                out.add(r);
            }
        }
        return out;
    }

    private static List<Rect> concat(List<Rect> a, List<Rect> b) {
        List<Rect> out = new ArrayList<Rect>(a);
        out.addAll(b);
        return out;
    }
}
