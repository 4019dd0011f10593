package com.tactile.helper.core;

/** An integer screen rectangle, left/top inside, right/bottom outside (Android's Rect convention). */
public final class Rect {
    public final int left;
    public final int top;
    public final int right;
    public final int bottom;

    public Rect(int left, int top, int right, int bottom) {
        this.left = left;
        this.top = top;
        this.right = right;
        this.bottom = bottom;
    }

    public boolean isEmpty() {
        return right <= left || bottom <= top;
    }

    public long area() {
        return isEmpty() ? 0 : (long) (right - left) * (long) (bottom - top);
    }

    /** The overlap, or null when there is none. */
    public Rect intersect(Rect o) {
        Rect r = new Rect(Math.max(left, o.left), Math.max(top, o.top), Math.min(right, o.right), Math.min(bottom, o.bottom));
        return r.isEmpty() ? null : r;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Rect)) {
            return false;
        }
        Rect r = (Rect) o;
        return left == r.left && top == r.top && right == r.right && bottom == r.bottom;
    }

    @Override
    public int hashCode() {
        return ((left * 31 + top) * 31 + right) * 31 + bottom;
    }

    @Override
    public String toString() {
        return "[" + left + "," + top + "," + right + "," + bottom + "]";
    }
}
