package com.tactile.helper.robolectric;

import android.accessibilityservice.AccessibilityServiceInfo;
import android.app.UiAutomation;
import android.graphics.Rect;
import android.graphics.Region;
import android.os.Binder;
import android.os.Bundle;
import android.os.Handler;
import android.os.Looper;
import android.os.Process;
import android.util.SparseArray;
import android.view.View;
import android.view.ViewRootImpl;
import android.view.WindowManager;
import android.view.WindowManagerGlobal;
import android.view.accessibility.AccessibilityInteractionClient;
import android.view.accessibility.AccessibilityNodeInfo;
import android.view.accessibility.AccessibilityWindowInfo;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Stands for the system server's side of one UiAutomation accessibility connection (AccessibilityManagerService's
 * IAccessibilityServiceConnection), which a JVM does not have. It does what the system server does and no more:
 * - connects the UiAutomation: registers the connection with AOSP's AccessibilityInteractionClient under an id
 *   and puts the UiAutomation in its connected state (what IAccessibilityServiceClient.init does on a device);
 * - keeps the service info the helper sets and honours its flags: windows only with
 *   FLAG_RETRIEVE_INTERACTIVE_WINDOWS, view ids only with FLAG_REPORT_VIEW_IDS, not-important views only with
 *   FLAG_INCLUDE_NOT_IMPORTANT_VIEWS (the window manager's side of getWindows is built from Robolectric's windows);
 * - forwards node queries and actions to each window's own ViewRootImpl.AccessibilityInteractionConnection,
 *   the binder a device's system server calls, so nodes come from the views' onInitializeAccessibilityNodeInfo
 *   through AOSP's AccessibilityInteractionController on the UI thread, and results come back through the real
 *   AccessibilityInteractionClient (its cache included) to the real AccessibilityNodeInfo/WindowInfo.
 * Method shapes differ across releases (API 21..35), so calls are matched by name and argument types.
 */
final class AccessibilityStandIn implements InvocationHandler {
    static final int CONNECTION_ID = 7;
    private static final int STATE_DISCONNECTED = 0;
    private static final int STATE_CONNECTED = 2;
    private final Handler main = new Handler(Looper.getMainLooper());
    private final Map<ViewRootImpl, Integer> windowIds = new IdentityHashMap<ViewRootImpl, Integer>();
    private final Map<ViewRootImpl, Object> interactionConnections = new IdentityHashMap<ViewRootImpl, Object>();
    private volatile AccessibilityServiceInfo info = new AccessibilityServiceInfo();
    private int nextWindowId = 1;

    /** A UiAutomation as app_process gets it, connected to this stand-in. */
    UiAutomation connect() throws ReflectiveOperationException {
        Class<?> uiConnection = Class.forName("android.app.IUiAutomationConnection");
        Object nullConnection = Proxy.newProxyInstance(uiConnection.getClassLoader(), new Class<?>[] {uiConnection},
                (p, m, a) -> defaultValue(m.getReturnType()));
        UiAutomation automation = (UiAutomation) UiAutomation.class.getConstructor(Looper.class, uiConnection)
                .newInstance(Looper.getMainLooper(), nullConnection);
        Class<?> serviceConnection = Class.forName("android.accessibilityservice.IAccessibilityServiceConnection");
        Object connection = Proxy.newProxyInstance(serviceConnection.getClassLoader(),
                new Class<?>[] {serviceConnection}, this);
        addConnection(serviceConnection, connection);
        setState(automation, CONNECTION_ID, STATE_CONNECTED);
        return automation;
    }

    /** The connection dies (the system server dropped it): UiAutomation's own checks throw from now on. */
    static void lose(UiAutomation automation) throws ReflectiveOperationException {
        setState(automation, -1, STATE_DISCONNECTED);
    }

    private static void addConnection(Class<?> type, Object connection) throws ReflectiveOperationException {
        for (Method m : AccessibilityInteractionClient.class.getMethods()) {
            if (!m.getName().equals("addConnection")) {
                continue;
            }
            Object target = java.lang.reflect.Modifier.isStatic(m.getModifiers()) ? null
                    : AccessibilityInteractionClient.getInstance();
            if (m.getParameterCount() == 2) {
                m.invoke(target, CONNECTION_ID, connection);
            } else {
                m.invoke(target, CONNECTION_ID, connection, true); // API 33+: with its node cache
            }
            return;
        }
        throw new NoSuchMethodException("AccessibilityInteractionClient.addConnection");
    }

    private static void setState(UiAutomation automation, int id, int state) throws ReflectiveOperationException {
        Field f = UiAutomation.class.getDeclaredField("mConnectionId");
        f.setAccessible(true);
        f.setInt(automation, id);
        try {
            Field s = UiAutomation.class.getDeclaredField("mConnectionState"); // API 33+
            s.setAccessible(true);
            s.setInt(automation, state);
        } catch (NoSuchFieldException e) {
            // before API 33 the id alone says connected
        }
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "getServiceInfo":
                return info;
            case "setServiceInfo":
                info = (AccessibilityServiceInfo) args[0];
                return null;
            case "getWindows":
                return windowsAs(method.getReturnType());
            case "findAccessibilityNodeInfoByAccessibilityId":
                return forwardFind(method, args);
            case "performAccessibilityAction":
                return forwardAction(args);
            case "asBinder":
                return new Binder();
            case "hashCode":
                return System.identityHashCode(proxy);
            case "equals":
                return proxy == args[0];
            case "toString":
                return "AccessibilityStandIn";
            default:
                return defaultValue(method.getReturnType());
        }
    }

    // --- windows (the window manager's part) ---

    private Object windowsAs(Class<?> type) throws Exception {
        List<AccessibilityWindowInfo> list = (info.flags & AccessibilityServiceInfo.FLAG_RETRIEVE_INTERACTIVE_WINDOWS) != 0
                ? onMain(this::buildWindows) : new ArrayList<AccessibilityWindowInfo>();
        if (List.class.isAssignableFrom(type)) {
            return list;
        }
        // API 30+: windows per display (AccessibilityWindowInfo.WindowListSparseArray); one display here.
        @SuppressWarnings("unchecked")
        SparseArray<List<AccessibilityWindowInfo>> perDisplay =
                (SparseArray<List<AccessibilityWindowInfo>>) type.getConstructor().newInstance();
        perDisplay.put(0, list);
        return perDisplay;
    }

    /** Robolectric's windows, top first, as the window manager describes them to accessibility. */
    private List<AccessibilityWindowInfo> buildWindows() throws ReflectiveOperationException {
        List<ViewRootImpl> roots = roots();
        List<WindowManager.LayoutParams> params = layoutParams();
        List<Integer> order = zOrder(roots, params);
        List<AccessibilityWindowInfo> out = new ArrayList<AccessibilityWindowInfo>();
        int layer = order.size();
        for (int i : order) {
            ViewRootImpl root = roots.get(i);
            View view = root.getView();
            int id = windowId(root);
            int type = params.get(i).type;
            boolean app = type >= WindowManager.LayoutParams.FIRST_APPLICATION_WINDOW
                    && type <= WindowManager.LayoutParams.LAST_SUB_WINDOW;
            int[] at = new int[2];
            view.getLocationOnScreen(at);
            Rect bounds = new Rect(at[0], at[1], at[0] + view.getWidth(), at[1] + view.getHeight());
            AccessibilityWindowInfo w = AccessibilityWindowInfo.obtain();
            call(w, "setId", int.class, id);
            call(w, "setType", int.class, app ? AccessibilityWindowInfo.TYPE_APPLICATION
                    : AccessibilityWindowInfo.TYPE_SYSTEM);
            call(w, "setLayer", int.class, layer--);
            if (!call(w, "setRegionInScreen", Region.class, new Region(bounds))) {
                call(w, "setBoundsInScreen", Rect.class, bounds); // before the region existed
            }
            boolean focused = type == WindowManager.LayoutParams.TYPE_BASE_APPLICATION;
            call(w, "setFocused", boolean.class, focused);
            call(w, "setActive", boolean.class, focused);
            call(w, "setConnectionId", int.class, CONNECTION_ID);
            call(w, "setDisplayId", int.class, 0);
            out.add(w);
        }
        return out;
    }

    private int windowId(ViewRootImpl root) throws ReflectiveOperationException {
        Integer id = windowIds.get(root);
        if (id == null) {
            id = nextWindowId++;
            windowIds.put(root, id);
        }
        // What addAccessibilityInteractionConnection's answer sets on a device: the id every node reports.
        Field attach = View.class.getDeclaredField("mAttachInfo");
        attach.setAccessible(true);
        Object attachInfo = attach.get(root.getView());
        Field windowId = attachInfo.getClass().getDeclaredField("mAccessibilityWindowId");
        windowId.setAccessible(true);
        windowId.setInt(attachInfo, id);
        return id;
    }

    private ViewRootImpl rootOf(int windowId) throws Exception {
        return onMain(() -> {
            for (Map.Entry<ViewRootImpl, Integer> e : windowIds.entrySet()) {
                if (e.getValue() == windowId && e.getKey().getView() != null) {
                    return e.getKey();
                }
            }
            return null;
        });
    }

    @SuppressWarnings("unchecked")
    static List<ViewRootImpl> roots() {
        Object global = WindowManagerGlobal.getInstance();
        Object roots = field(global, "mRoots");
        return roots instanceof ViewRootImpl[] ? java.util.Arrays.asList((ViewRootImpl[]) roots)
                : new ArrayList<ViewRootImpl>((List<ViewRootImpl>) roots);
    }

    /**
     * The indexes of the shown windows, top first: higher window types above lower ones, later windows above
     * earlier ones of a type (the window manager's z order for the lab's windows).
     */
    static List<Integer> zOrder(List<ViewRootImpl> roots, List<WindowManager.LayoutParams> params) {
        List<Integer> order = new ArrayList<Integer>();
        for (int i = 0; i < roots.size(); i++) {
            if (roots.get(i).getView() != null && roots.get(i).getView().isShown()) {
                order.add(i);
            }
        }
        order.sort((a, b) -> params.get(a).type != params.get(b).type
                ? Integer.compare(params.get(b).type, params.get(a).type) : Integer.compare(b, a));
        return order;
    }

    @SuppressWarnings("unchecked")
    static List<WindowManager.LayoutParams> layoutParams() {
        Object p = field(WindowManagerGlobal.getInstance(), "mParams");
        return p instanceof WindowManager.LayoutParams[] ? java.util.Arrays.asList((WindowManager.LayoutParams[]) p)
                : new ArrayList<WindowManager.LayoutParams>((List<WindowManager.LayoutParams>) p);
    }

    // --- node queries and actions (forwarded to the window's interaction connection) ---

    /** The fetch flags the system server adds to a service's queries, from the service info it holds. */
    private int fetchFlags() {
        int flags = 0;
        if ((info.flags & AccessibilityServiceInfo.FLAG_INCLUDE_NOT_IMPORTANT_VIEWS) != 0) {
            flags |= nodeFlag("FLAG_SERVICE_REQUESTS_INCLUDE_NOT_IMPORTANT_VIEWS", "FLAG_INCLUDE_NOT_IMPORTANT_VIEWS");
        }
        if ((info.flags & AccessibilityServiceInfo.FLAG_REPORT_VIEW_IDS) != 0) {
            flags |= nodeFlag("FLAG_SERVICE_REQUESTS_REPORT_VIEW_IDS", "FLAG_REPORT_VIEW_IDS");
        }
        return flags;
    }

    private static int nodeFlag(String name, String before33) {
        for (String n : new String[] {name, before33}) {
            try {
                Field f = AccessibilityNodeInfo.class.getDeclaredField(n);
                f.setAccessible(true);
                return f.getInt(null);
            } catch (ReflectiveOperationException e) {
                // the other name
            }
        }
        throw new IllegalStateException("AccessibilityNodeInfo has neither " + name + " nor " + before33);
    }

    /** (windowId, nodeId, interactionId, callback, flags, threadId[, args]) from AccessibilityInteractionClient. */
    private Object forwardFind(Method method, Object[] a) throws Exception {
        ViewRootImpl root = rootOf((Integer) a[0]);
        boolean found = root != null;
        if (found) {
            Bundle args = a.length > 6 ? (Bundle) a[6] : null;
            Deque<Object> longs = queue(a[1], a[5]);
            Deque<Object> ints = queue(a[2], (Integer) a[4] | fetchFlags(), Process.myPid());
            invokeByTypes(interactionConnection(root), "findAccessibilityNodeInfoByAccessibilityId", longs, ints,
                    a[3], args);
        }
        if (method.getReturnType() == boolean.class) {
            return found;
        }
        // The packages the system server vouches for: the window owner's (its LayoutParams.packageName, which
        // the window manager checks against the owner's uid). From API 28 AccessibilityInteractionClient
        // replaces a node's own package name with it unless the node's is among them.
        return found ? new String[] {ownerPackage(root)} : null;
    }

    /** (windowId, nodeId, action, arguments, interactionId, callback, threadId) from the client. */
    private Object forwardAction(Object[] a) throws Exception {
        ViewRootImpl root = rootOf((Integer) a[0]);
        if (root == null) {
            return false;
        }
        Deque<Object> longs = queue(a[1], a[6]);
        Deque<Object> ints = queue(a[2], a[4], fetchFlags(), Process.myPid());
        invokeByTypes(interactionConnection(root), "performAccessibilityAction", longs, ints, a[5], (Bundle) a[3]);
        return true;
    }

    private static String ownerPackage(ViewRootImpl root) {
        List<ViewRootImpl> roots = roots();
        String p = layoutParams().get(roots.indexOf(root)).packageName;
        return p != null ? p : root.getView().getContext().getPackageName();
    }

    private Object interactionConnection(ViewRootImpl root) throws ReflectiveOperationException {
        synchronized (interactionConnections) {
            Object c = interactionConnections.get(root);
            if (c == null) {
                Class<?> cls = Class.forName("android.view.ViewRootImpl$AccessibilityInteractionConnection");
                Constructor<?> ctor = cls.getDeclaredConstructor(ViewRootImpl.class);
                ctor.setAccessible(true);
                c = ctor.newInstance(root);
                interactionConnections.put(root, c);
            }
            return c;
        }
    }

    /**
     * Calls IAccessibilityInteractionConnection.`name` filling its parameters by type, in order: longs (node id,
     * thread id), ints (interaction id, flags, pid, ...), the callback, the arguments Bundle; the region and the
     * magnification spec none (the whole window, no magnification), the window-to-screen matrix the identity.
     */
    private static void invokeByTypes(Object target, String name, Deque<Object> longs, Deque<Object> ints,
            Object callback, Bundle args) throws Exception {
        Method m = null;
        for (Method c : target.getClass().getMethods()) {
            if (c.getName().equals(name)) {
                m = c;
            }
        }
        if (m == null) {
            throw new NoSuchMethodException(name);
        }
        Class<?>[] types = m.getParameterTypes();
        Object[] values = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            if (t == long.class) {
                values[i] = longs.removeFirst();
            } else if (t == int.class) {
                values[i] = ints.removeFirst();
            } else if (t == Bundle.class) {
                values[i] = args;
            } else if (t == float[].class) {
                values[i] = new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
            } else if (t.getName().endsWith("IAccessibilityInteractionConnectionCallback")) {
                values[i] = callback;
            } else if (!t.isPrimitive()) {
                values[i] = null; // Region (interactive region: all of it), MagnificationSpec (none)
            } else {
                throw new IllegalStateException(name + " has a " + t + " parameter this stand-in does not know");
            }
        }
        if (!longs.isEmpty()) {
            throw new IllegalStateException(name + " took fewer longs than given: " + m);
        }
        try {
            m.invoke(target, values);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
    }

    private static Deque<Object> queue(Object... values) {
        Deque<Object> q = new ArrayDeque<Object>();
        for (Object v : values) {
            q.add(v);
        }
        return q;
    }

    // --- small reflection and threading helpers ---

    /** Runs on the UI thread (the test thread pumps it) and waits: views are read where they live. */
    private <T> T onMain(java.util.concurrent.Callable<T> task) throws Exception {
        if (Looper.myLooper() == Looper.getMainLooper()) {
            return task.call();
        }
        FutureTask<T> f = new FutureTask<T>(task);
        main.post(f);
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
    }

    /** Calls a (possibly hidden, possibly absent) setter; false when this release has none. */
    private static boolean call(Object target, String name, Class<?> type, Object value) {
        try {
            Method m = target.getClass().getMethod(name, type);
            m.invoke(target, value);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(name + ": " + e, e);
        }
    }

    private static Object field(Object target, String name) {
        try {
            Field f = target.getClass().getDeclaredField(name);
            f.setAccessible(true);
            return f.get(target);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(name + ": " + e, e);
        }
    }

    private static Object defaultValue(Class<?> t) {
        if (t == boolean.class) {
            return false;
        }
        if (t == int.class || t == long.class || t == float.class || t == short.class || t == byte.class
                || t == double.class) {
            return t == long.class ? (Object) 0L : t == float.class ? (Object) 0f : t == double.class ? (Object) 0d : 0;
        }
        return null;
    }
}
