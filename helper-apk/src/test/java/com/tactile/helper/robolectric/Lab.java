package com.tactile.helper.robolectric;

import android.app.Activity;
import android.content.Context;
import android.content.ContextWrapper;
import android.graphics.Color;
import android.graphics.PixelFormat;
import android.os.Build;
import android.text.InputType;
import android.view.Gravity;
import android.view.MotionEvent;
import android.view.ScaleGestureDetector;
import android.view.View;
import android.view.ViewGroup;
import android.view.WindowManager;
import android.view.accessibility.AccessibilityNodeInfo;
import android.view.inputmethod.EditorInfo;
import android.widget.ArrayAdapter;
import android.widget.Button;
import android.widget.CheckBox;
import android.widget.EditText;
import android.widget.FrameLayout;
import android.widget.HorizontalScrollView;
import android.widget.ImageButton;
import android.widget.LinearLayout;
import android.widget.ListView;
import android.widget.SeekBar;
import android.widget.Switch;
import android.widget.TextView;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The virtual device's lab (virtual-device/lab/README.md) rebuilt from AOSP's own widgets, in code (no
 * resources): the same resource ids where Android has the control. Views built in code have no resource
 * entries, so each one names itself through its accessibility delegate (setViewIdResourceName, exactly the
 * field getViewIdResourceName reads); everything else a node says comes from the widget itself.
 * - `timeline`: a HorizontalScrollView of `timeline_tick` TextViews, one every TICK_PX pixels labelled
 *   HH:MM:SS every TICK_S seconds; its scroll position is the value: the second under the fixed `playhead`
 *   (the viewport's centre) is START_S + scrollX * TICK_S / TICK_PX, shown by `current_time`.
 * - `map`: a multi-touch view reporting the most pointers down, the scale (ScaleGestureDetector) and the rotation
 *   of the first two pointers, and ACTION_CANCEL.
 * - the `com.tactile.overlay` window (a system overlay) covers all of `covered_button` and the left half of
 *   `partly_covered_button`.
 */
final class Lab {
    static final String PKG = "com.tactile.lab";
    static final int TICK_PX = 60;
    static final int TICK_S = 60;
    static final int TICKS = 61;
    static final int START_S = 8 * 3600;
    final Activity activity;
    final TextView currentTime;
    final HorizontalScrollView timeline;
    final View playhead;
    final SeekBar seekbar;
    final EditText editText;
    final TextView submittedText;
    final CheckBox checkbox;
    final Switch toggle;
    final ImageButton playPause;
    final Button coveredButton;
    final Button partlyCoveredButton;
    final MultiTouchView map;
    final ListView list;
    View overlay;
    /** Touch events the overlay window received. */
    int overlayTouches;
    int clicks;
    int longClicks;

    Lab(Activity activity) {
        this.activity = activity;
        Context c = activity;
        LinearLayout column = new LinearLayout(c);
        column.setOrientation(LinearLayout.VERTICAL);
        name(column, "content");

        LinearLayout bar = new LinearLayout(c);
        playPause = new ImageButton(c);
        playPause.setContentDescription("Play");
        playPause.setOnClickListener(v -> {
            clicks++;
            playPause.setContentDescription(clicks % 2 == 1 ? "Pause" : "Play");
        });
        playPause.setOnLongClickListener(v -> {
            longClicks++;
            return true;
        });
        name(playPause, "play_pause");
        bar.addView(playPause, new LinearLayout.LayoutParams(144, 144));
        currentTime = new TextView(c);
        currentTime.setGravity(Gravity.CENTER);
        name(currentTime, "current_time");
        bar.addView(currentTime, new LinearLayout.LayoutParams(0, 144, 1));
        column.addView(bar, new LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 144));

        FrameLayout timelineFrame = new FrameLayout(c);
        timeline = new HorizontalScrollView(c);
        timeline.setHorizontalScrollBarEnabled(false);
        timeline.setOverScrollMode(View.OVER_SCROLL_NEVER);
        name(timeline, "timeline");
        LinearLayout ticks = new LinearLayout(c);
        for (int i = 0; i < TICKS; i++) {
            TextView tick = new TextView(c);
            tick.setGravity(Gravity.CENTER);
            tick.setText(clock(START_S + i * TICK_S));
            name(tick, "timeline_tick");
            ticks.addView(tick, new LinearLayout.LayoutParams(TICK_PX, 200));
        }
        timeline.addView(ticks, new ViewGroup.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, 200));
        timelineFrame.addView(timeline, new FrameLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 200));
        playhead = new View(c);
        playhead.setContentDescription("Playhead");
        playhead.setBackgroundColor(Color.RED);
        name(playhead, "playhead");
        timelineFrame.addView(playhead, new FrameLayout.LayoutParams(4, 200, Gravity.CENTER_HORIZONTAL));
        column.addView(timelineFrame, new LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 200));
        // The ticks start and end half a viewport in, so the first and last can sit under the playhead.
        timeline.addOnLayoutChangeListener((v, l, t, r, b, ol, ot, or, ob) -> {
            int pad = (r - l) / 2 - TICK_PX / 2;
            if (ticks.getPaddingLeft() != pad) {
                ticks.setPadding(pad, 0, pad, 0);
            }
        });
        timeline.getViewTreeObserver().addOnScrollChangedListener(this::showTime);

        seekbar = new SeekBar(c);
        seekbar.setMax(100);
        seekbar.setProgress(50);
        name(seekbar, "seekbar");
        column.addView(seekbar, new LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 96));

        LinearLayout form = new LinearLayout(c);
        editText = new EditText(c);
        editText.setHint("Type a message");
        editText.setSingleLine(true);
        editText.setInputType(InputType.TYPE_CLASS_TEXT);
        editText.setImeOptions(EditorInfo.IME_ACTION_SEND);
        name(editText, "edit_text");
        form.addView(editText, new LinearLayout.LayoutParams(0, 144, 1));
        submittedText = new TextView(c);
        name(submittedText, "submitted_text");
        editText.setOnEditorActionListener((v, actionId, event) -> {
            submittedText.setText(v.getText().toString());
            return true;
        });
        form.addView(submittedText, new LinearLayout.LayoutParams(0, 144, 1));
        column.addView(form, new LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 144));

        checkbox = labelled(new CheckBox(c), "Subtitles", "checkbox");
        toggle = labelled(new Switch(c), "Loop", "switch");
        column.addView(halves(c, checkbox, toggle), new LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 144));

        coveredButton = labelled(new Button(c), "Covered", "covered_button");
        partlyCoveredButton = labelled(new Button(c), "Partly covered", "partly_covered_button");
        column.addView(halves(c, coveredButton, partlyCoveredButton),
                new LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 144));

        map = new MultiTouchView(c);
        name(map, "map");
        column.addView(map, new LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 600));

        list = new ListView(c);
        List<String> rows = new ArrayList<String>();
        for (int i = 0; i < 60; i++) {
            rows.add("Row " + i);
        }
        list.setAdapter(new ArrayAdapter<String>(c, android.R.layout.simple_list_item_1, rows) {
            @Override
            public View getView(int position, View convert, ViewGroup parent) {
                View row = super.getView(position, convert, parent);
                name(row, "row_" + position);
                return row;
            }
        });
        name(list, "list");
        column.addView(list, new LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 0, 1));

        activity.setContentView(column);
        showTime();
    }

    /** The overlay window over the covered buttons, once they are laid out (their screen positions known). */
    void addOverlay() {
        int[] a = new int[2];
        coveredButton.getLocationOnScreen(a);
        int[] b = new int[2];
        partlyCoveredButton.getLocationOnScreen(b);
        int right = b[0] + partlyCoveredButton.getWidth() / 2;
        // Its own app's views: nodes report the overlay's package, not the lab's.
        Context overlayContext = new ContextWrapper(activity) {
            @Override
            public String getPackageName() {
                return "com.tactile.overlay";
            }
        };
        TextView banner = new TextView(overlayContext);
        banner.setText("Overlay");
        banner.setBackgroundColor(0x80000000);
        banner.setOnTouchListener((v, e) -> {
            overlayTouches++;
            return false;
        });
        overlay = banner;
        WindowManager.LayoutParams p = new WindowManager.LayoutParams(right - a[0], coveredButton.getHeight(),
                Build.VERSION.SDK_INT >= 26 ? WindowManager.LayoutParams.TYPE_APPLICATION_OVERLAY
                        : WindowManager.LayoutParams.TYPE_SYSTEM_ALERT,
                WindowManager.LayoutParams.FLAG_NOT_FOCUSABLE | WindowManager.LayoutParams.FLAG_NOT_TOUCH_MODAL,
                PixelFormat.TRANSLUCENT);
        p.gravity = Gravity.TOP | Gravity.START;
        // Another app's window: the window manager records its owner's package (an app window's is its own).
        p.packageName = "com.tactile.overlay";
        p.x = a[0];
        p.y = a[1];
        activity.getWindowManager().addView(banner, p);
    }

    /** The second under the playhead. */
    int timelineValue() {
        return START_S + timeline.getScrollX() * TICK_S / TICK_PX;
    }

    private void showTime() {
        currentTime.setText(clock(timelineValue()));
    }

    static String clock(int s) {
        return String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    private static <T extends TextView> T labelled(T view, String text, String name) {
        view.setText(text);
        name(view, name);
        return view;
    }

    /** A row of two views side by side, half the width each. */
    private static LinearLayout halves(Context c, View left, View right) {
        LinearLayout row = new LinearLayout(c);
        row.addView(left, new LinearLayout.LayoutParams(0, 144, 1));
        row.addView(right, new LinearLayout.LayoutParams(0, 144, 1));
        return row;
    }

    /** Names a view built in code as its layout resource would (`com.tactile.lab:id/NAME`). */
    static void name(View v, final String name) {
        v.setAccessibilityDelegate(new View.AccessibilityDelegate() {
            @Override
            public void onInitializeAccessibilityNodeInfo(View host, AccessibilityNodeInfo info) {
                super.onInitializeAccessibilityNodeInfo(host, info);
                info.setViewIdResourceName(PKG + ":id/" + name);
            }
        });
    }

    /**
     * The lab's app, named as the virtual lab's is. Robolectric's app without an APK is `org.robolectric.default`;
     * a node's package is its view's context's (View.onInitializeAccessibilityNodeInfoInternal), and from API 24
     * the window's root (DecorView) has a context on the Application, so both answer the lab's package.
     */
    public static final class LabApplication extends android.app.Application {
        @Override
        public String getPackageName() {
            return PKG;
        }
    }

    /** The lab's activity: its views' context (see LabApplication). */
    public static final class LabActivity extends Activity {
        @Override
        public String getPackageName() {
            return PKG;
        }
    }

    /** Pointer count, pinch scale and two-finger rotation, as the virtual lab's map reports them. */
    static final class MultiTouchView extends View {
        int maxPointers;
        int pointersDown;
        float scale = 1f;
        float rotationDeg;
        int cancels;
        private float startAngle = Float.NaN;
        private final ScaleGestureDetector scaler;

        MultiTouchView(Context c) {
            super(c);
            scaler = new ScaleGestureDetector(c, new ScaleGestureDetector.SimpleOnScaleGestureListener() {
                @Override
                public boolean onScale(ScaleGestureDetector d) {
                    scale *= d.getScaleFactor();
                    return true;
                }
            });
        }

        @Override
        public boolean onTouchEvent(MotionEvent e) {
            scaler.onTouchEvent(e);
            switch (e.getActionMasked()) {
                case MotionEvent.ACTION_DOWN:
                    maxPointers = 1;
                    startAngle = Float.NaN;
                    break;
                case MotionEvent.ACTION_CANCEL:
                    cancels++;
                    break;
                default:
                    break;
            }
            maxPointers = Math.max(maxPointers, e.getPointerCount());
            pointersDown = e.getActionMasked() == MotionEvent.ACTION_UP
                    || e.getActionMasked() == MotionEvent.ACTION_CANCEL ? 0
                    : e.getActionMasked() == MotionEvent.ACTION_POINTER_UP ? e.getPointerCount() - 1
                    : e.getPointerCount();
            if (e.getPointerCount() >= 2) {
                float angle = (float) Math.toDegrees(Math.atan2(e.getY(1) - e.getY(0), e.getX(1) - e.getX(0)));
                if (Float.isNaN(startAngle)) {
                    startAngle = angle;
                }
                float d = angle - startAngle;
                rotationDeg = d > 180 ? d - 360 : d < -180 ? d + 360 : d;
            }
            return true;
        }
    }
}

