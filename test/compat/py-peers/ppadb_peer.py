"""pure-python-adb (ppadb) against one device behind an adb server: every call of its Client and Device (with the
device plugins) that reaches the server or the device, checked as a ppadb user reads an Android 14 phone's
answers. Three calls never reach a device and are left out, with the reason, in "excluded": framebuffer() and
logcat() raise NotImplemented inside ppadb, input_roll() calls a method ppadb lacks; Client.kill() would stop
the adb server the test shares. Prints one JSON line {"results": [...], "excluded": [...]}.

Environment: ADB_PORT, SERIAL, APK, OUT as for adbutils_peer.py.
"""
import json
import os
import socket
import time
import traceback

from ppadb.client import Client as AdbClient

PORT = int(os.environ["ADB_PORT"])
SERIAL = os.environ["SERIAL"]
APK = os.environ["APK"]
OUT = os.environ["OUT"]
LAB = "com.tactile.lab"
HOST, DEVICE_PORT = SERIAL.rsplit(":", 1)

RESULTS = []
EXCLUDED = [
    {"call": "device.framebuffer", "reason": "ppadb raises NotImplemented itself"},
    {"call": "device.logcat", "reason": "ppadb raises NotImplemented itself"},
    {"call": "device.input_roll", "reason": "ppadb calls self.roll, which it does not have"},
    {"call": "client.kill", "reason": "stops the adb server (the host's, not the device's), which the test shares"},
]


def short(value):
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def check(name, fn, predicate=lambda v: True):
    try:
        value = fn()
        ok = bool(predicate(value))
        RESULTS.append({"call": name, "ok": ok, "value": short(value)})
        return value
    except Exception as e:
        RESULTS.append({"call": name, "ok": False, "error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()[-600:]})
        return None


def raises(fn, error=Exception):
    try:
        fn()
    except error:
        return True
    return False


def until(fn, timeout=20.0, step=0.2):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = fn()
            if value:
                return value
        except Exception:
            pass
        time.sleep(step)
    return fn()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


client = AdbClient(host="127.0.0.1", port=PORT)
d = client.device(SERIAL)
back = lambda: until(lambda: client.device(SERIAL) is not None and client.device(SERIAL).shell("echo up").strip() == "up", timeout=30)

# Client (host services, answered by the adb server about the device).
check("client.version", client.version, lambda v: isinstance(v, int) and v >= 39)
check("client.devices", client.devices, lambda v: SERIAL in [x.serial for x in v])
check("client.devices(state)", lambda: client.devices(state="device"), lambda v: SERIAL in [x.serial for x in v])
check("client.device", lambda: client.device(SERIAL), lambda v: v is not None and v.serial == SERIAL)
check("client.features", client.features, lambda v: "shell_v2" in v)
check("client.remote_disconnect", lambda: client.remote_disconnect(HOST, int(DEVICE_PORT)), lambda v: "disconnected" in v)
check("client.remote_connect", lambda: client.remote_connect(HOST, int(DEVICE_PORT)), lambda v: v is True and back())
d = client.device(SERIAL)

# Serial (host-serial: services).
check("device.get_state", d.get_state, lambda v: v == "device")
check("device.get_serial_no", d.get_serial_no, lambda v: v == SERIAL)
check("device.get_device_path", d.get_device_path, lambda v: v == "unknown")
local = f"tcp:{free_port()}"
check("device.forward", lambda: d.forward(local, "localabstract:ppadb-test"), lambda v: True)
check("device.list_forward", d.list_forward, lambda v: v.get(local) == "localabstract:ppadb-test")
check("client.list_forward", client.list_forward, lambda v: v.get(SERIAL, {}).get(local) == "localabstract:ppadb-test")
check("device.killforward", lambda: d.killforward(local), lambda v: local not in d.list_forward())
check("device.killforward_all", d.killforward_all, lambda v: d.list_forward() == {})
check("client.killforward_all", client.killforward_all, lambda v: client.list_forward() == {})

# Transport: shell, files, properties, packages, reverses.
check("device.shell", lambda: d.shell("echo hello"), lambda v: v == "hello\n")
def handled():
    got = []
    d.shell("echo handled", handler=lambda conn: got.append(conn.read_all().decode()))
    return got[0]
check("device.shell(handler)", handled, lambda v: v == "handled\n")
check("device.get_properties", d.get_properties, lambda v: v.get("ro.build.version.release") == "14" and v.get("ro.product.model") == "Tactile Virtual Phone")
check("device.list_features", d.list_features, lambda v: v.get("android.hardware.touchscreen") is True and v.get("reqGlEsVersion") is not True)
check("device.list_packages", d.list_packages, lambda v: LAB in v)
check("device.screencap", d.screencap, lambda v: v[:8] == b"\x89PNG\r\n\x1a\n")
with open(os.path.join(OUT, "p.txt"), "w") as f:
    f.write("hello ppadb\n")
check("device.push", lambda: d.push(os.path.join(OUT, "p.txt"), "/data/local/tmp/ppadb/p.txt"), lambda v: d.shell("cat /data/local/tmp/ppadb/p.txt") == "hello ppadb\n")
check("device.pull", lambda: d.pull("/data/local/tmp/ppadb/p.txt", os.path.join(OUT, "q.txt")), lambda v: open(os.path.join(OUT, "q.txt")).read() == "hello ppadb\n")
check("device.push(protected)", lambda: raises(lambda: d.push(os.path.join(OUT, "p.txt"), "/data/x")), lambda v: v is True)
# ppadb writes `reverse:forward:REMOTE:LOCAL`; adbd wants `REMOTE;LOCAL` and fails it, as a phone does.
check("device.reverse", lambda: raises(lambda: d.reverse(f"tcp:{free_port()}", f"tcp:{free_port()}"), RuntimeError), lambda v: v is True)
check("device.list_reverses", d.list_reverses, lambda v: v == [])
check("device.local(missing)", lambda: raises(lambda: d.local("/dev/socket/nothing")), lambda v: v is True)
check("device.log(removed service)", lambda: raises(lambda: d.log("main").read_all()), lambda v: v is True)
check("device.install", lambda: d.install(APK), lambda v: v is True)
check("device.is_installed", lambda: d.is_installed("com.tactile.ppadb"), lambda v: v is True)
check("device.uninstall", lambda: d.uninstall("com.tactile.ppadb"), lambda v: v is True and not d.is_installed("com.tactile.ppadb"))
check("device.uninstall(missing)", lambda: d.uninstall("com.tactile.ppadb"), lambda v: v is False)
check("device.clear", lambda: d.clear(LAB), lambda v: v is True)
check("device.clear(missing)", lambda: raises(lambda: d.clear("com.nope")), lambda v: v is True)

# Plugins: input, window manager, activities, processes, memory, CPU, traffic, battery.
check("device.input_keyevent", lambda: d.input_keyevent("KEYCODE_HOME"), lambda v: v == "")
check("device.input_keyevent(longpress)", lambda: d.input_keyevent(4, longpress=True), lambda v: v == "")
check("device.get_top_activity(home)", d.get_top_activity, lambda v: v.package == "com.android.launcher3" and v.activity == ".uioverrides.QuickstepLauncher" and v.pid > 0)
check("device.shell(am start)", lambda: d.shell(f"am start -W -n {LAB}/.MainActivity"), lambda v: "Status: ok" in v)
check("device.get_top_activity", d.get_top_activity, lambda v: v.package == LAB and v.activity == ".MainActivity" and v.pid > 0)
check("device.get_top_activities", d.get_top_activities, lambda v: len(v) == 1 and v[0].package == LAB)
check("device.input_tap", lambda: d.input_tap(540, 1200), lambda v: v == "")
check("device.input_swipe", lambda: d.input_swipe(540, 1800, 540, 1200, 200), lambda v: v == "")
check("device.input_text", lambda: d.input_text("hello"), lambda v: v == "")
check("device.input_press", d.input_press, lambda v: v == "")
check("device.wm_size", d.wm_size, lambda v: (v.width, v.height) == (1080, 2400))
check("device.wm_density", d.wm_density, lambda v: v == 2)
pid = check("device.get_pid", lambda: d.get_pid(LAB), lambda v: v is not None and v.isdigit())
check("device.get_uid", lambda: d.get_uid(LAB), lambda v: v is not None and int(v) >= 10000)
check("device.get_package_version_name", lambda: d.get_package_version_name(LAB), lambda v: v == "1.0")
check("device.get_meminfo", lambda: d.get_meminfo(LAB), lambda v: v.pss > 0 and v.heap_size > 0)
check("device.get_meminfo(not running)", lambda: d.get_meminfo("com.nope"), lambda v: v.pss == 0)
check("device.get_tids", lambda: d.get_tids(pid), lambda v: pid in v and len(v) > 1)
check("device.cpu_count", d.cpu_count, lambda v: v == 8)
check("device.get_total_cpu", d.get_total_cpu, lambda v: v.total() > 0 and v.idle > v.user)
check("device.cpu_times", d.cpu_times, lambda v: v.total() > 0)
check("device.cpu_percent", lambda: d.cpu_percent(interval=1), lambda v: 0 <= v <= 100)
check("device.get_pid_cpu", lambda: d.get_pid_cpu(pid), lambda v: v.name == "(com.tactile.lab)")
check("device.get_all_thread_cpu", lambda: d.get_all_thread_cpu(pid), lambda v: pid in v and len(v) > 1)
# Android 10 removed xt_qtaguid: cat's complaint reaches ppadb through the merged shell stream and its parser
# throws, on a phone as here.
check("device.get_traffic", lambda: (raises(lambda: d.get_traffic(LAB), TypeError), d.shell("cat /proc/net/xt_qtaguid/stats")), lambda v: v == (True, "cat: /proc/net/xt_qtaguid/stats: No such file or directory\n"))
check("device.get_battery_level", d.get_battery_level, lambda v: isinstance(v, int) and 0 <= v <= 100)
check("device.get_batterystats", d.get_batterystats, lambda v: "vers" in v and "uid" in v)

# adbd restarts on a userdebug build.
check("device.root", d.root, lambda v: v is True)
check("device.root (as root)", lambda: (back(), client.device(SERIAL).shell("id -u"))[1], lambda v: v == "0\n")
d = client.device(SERIAL)
check("device.remount", d.remount, lambda v: v is True and until(lambda: d.shell("touch /system/bin/ppadb && echo ok") == "ok\n"))
def unroot():
    conn = d.create_connection()
    with conn:
        conn.send("unroot:")
        return conn.read_all().decode()
check("transport unroot:", unroot, lambda v: v == "restarting adbd as non root\n" and back())
d = client.device(SERIAL)
check("device.shell(id) after unroot", lambda: d.shell("id -u"), lambda v: v == "2000\n")
check("device.reboot", d.reboot, lambda v: v is True and back())
d = client.device(SERIAL)
check("device.wait_boot_complete", lambda: d.wait_boot_complete(timeout=30, timedelta=0.2), lambda v: v is True)

print(json.dumps({"results": RESULTS, "excluded": EXCLUDED}))
