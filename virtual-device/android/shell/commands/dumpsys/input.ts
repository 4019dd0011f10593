// `dumpsys input` in InputManagerService's layout (Android 14): the event hub's devices, the InputReader's
// touch mapper with its viewport (DisplayViewport::toString) and surface lines, and the dispatcher's focus.
import type { SimulatedAndroid } from '../../../device';
import { resumedTask } from '../../../activity-stack';
import { PANEL } from './names';
import { internalViewport } from './viewport';

const TOUCHSCREEN = 'virtual-touchscreen';

export function dumpInput(android: SimulatedAndroid): string {
  const d = android.display;
  const v = internalViewport(d);
  const [pw, ph] = [d.physicalWidth, d.physicalHeight];
  const focused = resumedTask(android);
  const touching = android.input.pointersDown > 0;
  const lf = v.logicalFrame;
  const pf = v.physicalFrame;
  return [
    'INPUT MANAGER (dumpsys input)',
    '',
    'Input Manager Service (Java) State:',
    '  Gesture Monitors (implemented as spy windows):',
    "    0: name='GestureMonitor-swipe-up', displayId=0",
    '',
    'Event Hub State:',
    '  BuiltInKeyboardId: -2',
    '  Devices:',
    '    -1: Virtual',
    '      Classes: KEYBOARD | ALPHAKEY',
    '      Path: <virtual>',
    `    3: ${TOUCHSCREEN}`,
    '      Classes: TOUCH | TOUCH_MT',
    '      Path: /dev/input/event3',
    '      Enabled: true',
    '',
    'Input Reader State (Nums of device: 2):',
    `  Device 3: ${TOUCHSCREEN}`,
    '    EventHub Devices: [ 3 ] ',
    '    Generation: 24',
    '    IsExternal: false',
    '    AssociatedDisplayPort: <none>',
    '    AssociatedDisplayUniqueId: <none>',
    '    HasMic:     false',
    '    Sources: TOUCHSCREEN',
    '    KeyboardType: 0',
    '    ControllerNum: 0',
    '    Motion Ranges:',
    `      X: source=TOUCHSCREEN, min=0.000, max=${d.width - 1}.000, flat=0.000, fuzz=0.000, resolution=0.000`,
    `      Y: source=TOUCHSCREEN, min=0.000, max=${d.height - 1}.000, flat=0.000, fuzz=0.000, resolution=0.000`,
    '    Touch Input Mapper (mode - DIRECT):',
    '      Parameters:',
    '        GestureMode: MULTI_TOUCH',
    '        DeviceType: TOUCH_SCREEN',
    "        AssociatedDisplay: hasAssociatedDisplay=true, isExternal=false, displayId=''",
    '        OrientationAware: true',
    '        Orientation: Rotation0',
    '      Raw Touch Axes:',
    `        X: min=0, max=${pw - 1}, flat=0, fuzz=0, resolution=0`,
    `        Y: min=0, max=${ph - 1}, flat=0, fuzz=0, resolution=0`,
    '        Pressure: unknown range',
    '        Slot: min=0, max=9, flat=0, fuzz=0, resolution=0',
    `      Viewport INTERNAL: displayId=0, uniqueId=${PANEL.uniqueId}, port=${PANEL.port}, orientation=${v.orientation}, ` +
      `logicalFrame=[${lf.left}, ${lf.top}, ${lf.right}, ${lf.bottom}], physicalFrame=[${pf.left}, ${pf.top}, ${pf.right}, ${pf.bottom}], ` +
      `deviceSize=[${v.deviceWidth}, ${v.deviceHeight}], isActive=[1]`,
    `      SurfaceWidth: ${d.width}px`,
    `      SurfaceHeight: ${d.height}px`,
    '      SurfaceLeft: 0',
    '      SurfaceTop: 0',
    `      PhysicalWidth: ${v.deviceWidth}px`,
    `      PhysicalHeight: ${v.deviceHeight}px`,
    '      PhysicalLeft: 0',
    '      PhysicalTop: 0',
    `      SurfaceOrientation: ${d.rotation}`,
    `      Last Raw Touch: pointerCount=${android.input.pointersDown}`,
    '',
    'Input Dispatcher State:',
    '  DispatchEnabled: true',
    '  DispatchFrozen: false',
    '  InputFilterEnabled: false',
    '  FocusedDisplayId: 0',
    '  FocusedApplications:',
    `    displayId=0, name='${focused.record}', dispatchingTimeout=5000ms`,
    '  FocusedWindows:',
    `    displayId=0, name='${focused.windowHash} ${focused.packageName}/${focused.activity}'`,
    touching
      ? '  TouchStatesByDisplay:\n    0 : TouchState: deviceId=3, source=TOUCHSCREEN'
      : '  TouchStatesByDisplay: <no displays touched>',
    '',
  ].join('\n');
}
