"""adbutils 2.12's everyday API against one device behind an adb server, each call checked the way an
adbutils user reads the answer of an Android 14 phone. Prints one JSON line: the list of calls with ok,
the value (shortened) or the error. Driven by test/compat/python-peers.test.ts.

Environment: ADB_PORT (the adb server), SERIAL (the device), APK (an APK to install), OUT (a scratch dir).
"""
import json
import os
import re
import socket
import sys
import time
import traceback

import adbutils
from adbutils import AdbClient, AdbError, Network
from adbutils._proto import BrightnessMode

PORT = int(os.environ["ADB_PORT"])
SERIAL = os.environ["SERIAL"]
APK = os.environ["APK"]
OUT = os.environ["OUT"]
LAB = "com.tactile.lab"

RESULTS = []


def short(value):
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def check(name, fn, predicate=lambda v: True):
    """Runs one API call; it is ok when it returns and the predicate holds for what it returned."""
    try:
        value = fn()
        ok = bool(predicate(value))
        RESULTS.append({"call": name, "ok": ok, "value": short(value)})
        return value
    except Exception as e:  # an exception is the call's answer: recorded, not raised
        RESULTS.append({"call": name, "ok": False, "error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()[-600:]})
        return None


def raises(fn, error=AdbError):
    try:
        fn()
    except error:
        return True
    return False


def until(fn, timeout=20.0, step=0.2):
    """Polls fn until it returns a true value (not a fixed wait)."""
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
back = lambda: until(lambda: d.shell("echo up", timeout=5).strip() == "up", timeout=30)
# adbd answers root:/unroot: and then restarts: the shell is back as the new user once `id -u` says so.
back_as = lambda uid: until(lambda: d.shell("id -u", timeout=5).strip() == uid, timeout=30)

# The adb server and the device list.
check("client.server_version", client.server_version, lambda v: isinstance(v, int) and v >= 39)
check("client.list", client.list, lambda v: any(i.serial == SERIAL and i.state == "device" for i in v))
check("client.list(extended)", lambda: client.list(extended=True), lambda v: any(i.serial == SERIAL for i in v))
check("client.device_list", client.device_list, lambda v: SERIAL in [x.serial for x in v])
check("client.iter_device", lambda: [x.serial for x in client.iter_device()], lambda v: SERIAL in v)
check("client.wait_for", lambda: client.wait_for(SERIAL, state="device", timeout=10), lambda v: True)
check("client.connect (already)", lambda: client.connect(SERIAL), lambda v: "already connected" in v)
def first_event():
    it = client.track_devices()
    return next(it)
check("client.track_devices", first_event, lambda e: e.serial == SERIAL and e.status == "device" and e.present)
check("client.shell", lambda: client.shell(SERIAL, "echo hi"), lambda v: v.strip() == "hi")

# Device identity and properties.
check("device.get_state", d.get_state, lambda v: v == "device")
check("device.get_serialno", d.get_serialno, lambda v: v == SERIAL)
check("device.get_devpath", d.get_devpath, lambda v: v == "unknown")
check("device.get_features", d.get_features, lambda v: "shell_v2" in v and "cmd" in v)
check("device.info", lambda: d.info, lambda v: v["state"] == "device")
check("device.prop.name", lambda: d.prop.name, lambda v: v == "tactile_lab")
check("device.prop.model", lambda: d.prop.model, lambda v: v == "Tactile Virtual Phone")
check("device.prop.device", lambda: d.prop.device, lambda v: v == "tactile_vd")
check("device.prop.get", lambda: d.prop.get("ro.build.version.sdk", cache=False), lambda v: v == "34")
check("device.getprop", lambda: d.getprop("ro.build.type"), lambda v: v == "userdebug")

# Shell: v1, v2, argv lists, exit codes, streams.
check("device.shell", lambda: d.shell("echo hello"), lambda v: v == "hello")
check("device.shell(list)", lambda: d.shell(["echo", "a b", "c'd"]), lambda v: v == "a b c'd")
check("device.shell(bytes)", lambda: d.shell("printf '\\001\\002'", encoding=None), lambda v: v == b"\x01\x02")
check("device.shell2", lambda: d.shell2("ls /nonexistent"), lambda v: v.returncode == 1 and "No such file" in v.output)
check("device.shell2(v2)", lambda: d.shell2("echo out; echo err >&2; exit 3", v2=True), lambda v: (v.returncode, v.stdout, v.stderr) == (3, "out\n", "err\n"))
def stream():
    c = d.shell("echo streamed", stream=True)
    try:
        return c.read_until_close()
    finally:
        c.close()
check("device.shell(stream)", stream, lambda v: v.strip() == "streamed")
def open_shell():
    c = d.open_shell("echo opened")
    try:
        return c.read_until_close()
    finally:
        c.close()
check("device.open_shell", open_shell, lambda v: "opened" in v)

# Display and input.
check("device.window_size", d.window_size, lambda v: (v.width, v.height) == (1080, 2400))
check("device.rotation", d.rotation, lambda v: v == 0)
check("device.is_screen_on", d.is_screen_on, lambda v: v is True)
check("device.switch_screen(off)", lambda: d.switch_screen(False), lambda v: not d.is_screen_on())
check("device.switch_screen(on)", lambda: d.switch_screen(True), lambda v: d.is_screen_on())
check("device.keyevent", lambda: d.keyevent("HOME"), lambda v: d.app_current().package == "com.android.launcher3")
check("device.app_start", lambda: d.app_start(LAB), lambda v: until(lambda: d.app_current().package == LAB))
check("device.app_current", d.app_current, lambda v: v.package == LAB and v.activity == ".MainActivity" and v.pid > 0)
check("device.click", lambda: d.click(540, 1200), lambda v: True)
check("device.click(percent)", lambda: d.click(0.5, 0.5), lambda v: True)
check("device.swipe", lambda: d.swipe(540, 1800, 540, 1200, 0.2), lambda v: True)
check("device.drag", lambda: d.drag(540, 1800, 540, 1500, 0.2), lambda v: True)
check("device.send_keys", lambda: d.send_keys("hi"), lambda v: True)
check("device.volume_up", lambda: d.volume_up(1), lambda v: True)
check("device.volume_down", lambda: d.volume_down(1), lambda v: True)
check("device.volume_mute", d.volume_mute, lambda v: True)
check("device.brightness_value", lambda: d.brightness_value, lambda v: 0 <= v <= 255)
def set_brightness():
    d.brightness_value = 200
    return d.brightness_value
check("device.brightness_value=", set_brightness, lambda v: v == 200)
check("device.brightness_mode", lambda: d.brightness_mode, lambda v: v == BrightnessMode.MANUAL)
def set_mode():
    d.brightness_mode = BrightnessMode.AUTO
    return d.brightness_mode
check("device.brightness_mode=", set_mode, lambda v: v == BrightnessMode.AUTO)
check("device.switch_airplane", lambda: d.switch_airplane(True), lambda v: d.shell("settings get global airplane_mode_on") == "1")
check("device.switch_airplane(off)", lambda: d.switch_airplane(False), lambda v: d.shell("settings get global airplane_mode_on") == "0")
check("device.switch_wifi", lambda: d.switch_wifi(False), lambda v: d.shell("settings get global wifi_on") == "0")
check("device.switch_wifi(on)", lambda: d.switch_wifi(True), lambda v: d.shell("settings get global wifi_on") == "1")
check("device.wlan_ip", d.wlan_ip, lambda v: v == "10.0.2.16")
check("device.battery", d.battery, lambda v: v.level is not None and 0 <= v.level <= 100 and v.present is True)
check("device.dump_hierarchy", d.dump_hierarchy, lambda v: v.startswith("<?xml") and LAB in v)
check("device.screenshot", d.screenshot, lambda v: v.size == (1080, 2400))
check("device.framebuffer", d.framebuffer, lambda v: v.size == (1080, 2400) and v.mode == "RGBA")
check("device.open_browser", lambda: d.open_browser("example.org"), lambda v: until(lambda: d.app_current().package == "org.chromium.webview_shell"))

# Apps.
check("device.list_packages", d.list_packages, lambda v: LAB in v and "android" in v)
check("device.list_packages(-3)", lambda: d.list_packages(["-3"]), lambda v: v == sorted(["com.tactile.lab", "com.tactile.overlay"]))
check("device.app_info", lambda: d.app_info(LAB), lambda v: v.version_name == "1.0" and v.version_code == 1 and v.path.endswith("/base.apk") and v.first_install_time is not None)
check("device.app_info(missing)", lambda: d.app_info("com.nope"), lambda v: v is None)
check("device.app_start(activity)", lambda: d.app_start(LAB, ".DetailsActivity"), lambda v: until(lambda: d.app_current().activity == ".DetailsActivity"))
check("device.app_stop", lambda: d.app_stop(LAB), lambda v: d.shell(f"pidof {LAB}") == "")
check("device.app_clear", lambda: d.app_clear(LAB), lambda v: True)
check("device.install", lambda: d.install(APK, nolaunch=True, silent=True), lambda v: "package:com.tactile.adbutils" in d.shell("pm list packages adbutils"))
check("device.uninstall", lambda: d.uninstall("com.tactile.adbutils"), lambda v: "Success" in v)
def install_remote():
    d.sync.push(APK, "/data/local/tmp/remote.apk")
    d.install_remote("/data/local/tmp/remote.apk", clean=True)
    return d.shell("pm list packages adbutils")
check("device.install_remote", install_remote, lambda v: v == "package:com.tactile.adbutils" and not d.sync.exists("/data/local/tmp/remote.apk"))

# Files.
check("sync.push(bytes)", lambda: d.sync.push(b"hello adbutils\n", "/data/local/tmp/adbutils/a.txt"), lambda v: True)
check("sync.exists", lambda: d.sync.exists("/data/local/tmp/adbutils/a.txt"), lambda v: v is True)
check("sync.stat", lambda: d.sync.stat("/data/local/tmp/adbutils/a.txt"), lambda v: v.size == 15 and v.mode & 0o170000 == 0o100000)
check("sync.list", lambda: d.sync.list("/data/local/tmp/adbutils"), lambda v: "a.txt" in [x.path for x in v])
check("sync.iter_directory", lambda: [x.path for x in d.sync.iter_directory("/data/local/tmp")], lambda v: "adbutils" in v)
check("sync.read_text", lambda: d.sync.read_text("/data/local/tmp/adbutils/a.txt"), lambda v: v == "hello adbutils\n")
check("sync.read_bytes", lambda: d.sync.read_bytes("/data/local/tmp/adbutils/a.txt"), lambda v: v == b"hello adbutils\n")
check("sync.pull", lambda: d.sync.pull("/data/local/tmp/adbutils/a.txt", os.path.join(OUT, "a.txt")), lambda v: open(os.path.join(OUT, "a.txt")).read() == "hello adbutils\n")
check("sync.pull_dir", lambda: d.sync.pull_dir("/data/local/tmp/adbutils", os.path.join(OUT, "dir")), lambda v: os.path.exists(os.path.join(OUT, "dir", "a.txt")))
check("device.push", lambda: d.push(os.path.join(OUT, "a.txt"), "/data/local/tmp/b.txt"), lambda v: d.shell("cat /data/local/tmp/b.txt") == "hello adbutils")
check("device.remove", lambda: d.remove("/data/local/tmp/b.txt"), lambda v: not d.sync.exists("/data/local/tmp/b.txt"))
check("device.rmtree", lambda: d.rmtree("/data/local/tmp/adbutils"), lambda v: not d.sync.exists("/data/local/tmp/adbutils"))
check("sync.push(protected)", lambda: raises(lambda: d.sync.push(b"x", "/data/x")), lambda v: v is True)

# Forwards and reverses.
LOCAL = f"tcp:{free_port()}"
check("device.forward", lambda: d.forward(LOCAL, "localabstract:adbutils-test"), lambda v: True)
check("device.forward_list", d.forward_list, lambda v: any(i.local == LOCAL for i in v))
check("client.forward_list", client.forward_list, lambda v: any(i.serial == SERIAL and i.local == LOCAL for i in v))
check("device.forward_port", lambda: d.forward_port("localabstract:adbutils-port"), lambda v: isinstance(v, int) and v > 0)
check("device.forward_remove", lambda: d.forward_remove(LOCAL), lambda v: not any(i.local == LOCAL for i in d.forward_list()))
check("device.forward_remove_all", d.forward_remove_all, lambda v: d.forward_list() == [])
check("device.reverse", lambda: d.reverse("tcp:47312", "tcp:47313"), lambda v: True)
check("device.reverse_list", d.reverse_list, lambda v: any(i.remote == "tcp:47312" and i.local == "tcp:47313" for i in v))
check("device.reverse_remove", lambda: d.reverse_remove("tcp:47312"), lambda v: d.reverse_list() == [])
check("device.reverse_remove_all", d.reverse_remove_all, lambda v: d.reverse_list() == [])
check("device.create_connection(missing)", lambda: raises(lambda: d.create_connection(Network.LOCAL_ABSTRACT, "nothing-listens")), lambda v: v is True)

# Logs and recordings.
def logcat():
    path = os.path.join(OUT, "logcat.txt")
    evt = d.logcat(path, clear=True, re_filter="TactileLab|ActivityTaskManager", command="logcat -v time")
    d.shell(f"am start -n {LAB}/.MainActivity")
    found = until(lambda: "START u0" in open(path).read(), timeout=20)
    # stop() waits for the reader thread, which only looks at the flag after its next line: write one.
    evt.stop_nowait()
    d.shell("log -t adbutils stop")
    return found and until(evt.is_done, timeout=20)
check("device.logcat", logcat, lambda v: v is True)
def record():
    path = os.path.join(OUT, "record.mp4")
    d.start_recording(path)
    recording = d.is_recording()
    until(lambda: d.shell("pidof screenrecord") != "", timeout=20)
    d.stop_recording()
    with open(path, "rb") as f:
        head = f.read(12)
    return recording, head[4:8]
check("device.start_recording/stop_recording", record, lambda v: v == (True, b"ftyp"))

# adbd restarts on a userdebug build: root, tcpip, reboot.
check("device.root", d.root, lambda v: v.strip() in ("restarting adbd as root", "adbd is already running as root"))
check("device.shell(id) as root", lambda: back_as("0"), lambda v: v is True)
def unroot():
    with d.open_transport() as c:
        c.send_command("unroot:")
        c.check_okay()
        return c.read_until_close()
check("transport unroot:", unroot, lambda v: v.strip() == "restarting adbd as non root" and back_as("2000"))
check("device.tcpip", lambda: d.tcpip(5555), lambda v: v.strip() == "restarting in TCP mode port: 5555")
def reboot():
    # tcpip's restart may still be under way (the device offline for a moment): a refused reboot never reached it.
    def attempt():
        try:
            d.reboot()
            return True
        except AdbError:
            return False
    return until(attempt, timeout=30)
check("device.reboot", reboot, lambda v: v is True and until(lambda: d.shell("getprop sys.boot_completed", timeout=5) == "1", timeout=60))

print(json.dumps(RESULTS))
