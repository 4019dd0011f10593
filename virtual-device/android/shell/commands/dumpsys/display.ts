// `dumpsys display` in DisplayManagerService.dumpInternal's layout (Android 14): the manager's state with
// mViewports, the display states, the panel's DisplayDeviceInfo and the logical display's DisplayInfos.
import type { SimulatedAndroid } from '../../../device';
import { PANEL, displayState, rectString, token } from './names';
import { internalViewport, type Viewport } from './viewport';

const BRIGHTNESS = '0.39763778';

/** DisplayViewport.toString. */
function viewportString(v: Viewport): string {
  return (
    `DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, uniqueId='${PANEL.uniqueId}', physicalPort=${PANEL.port}, ` +
    `orientation=${v.orientation}, logicalFrame=${rectString(v.logicalFrame)}, physicalFrame=${rectString(v.physicalFrame)}, ` +
    `deviceWidth=${v.deviceWidth}, deviceHeight=${v.deviceHeight}}`
  );
}

const mode = (w: number, h: number) =>
  `{id=1, width=${w}, height=${h}, fps=${PANEL.fps}, vsync=${PANEL.fps}, synthetic=false, alternativeRefreshRates=[], supportedHdrTypes=[]}`;
const HDR =
  'HdrCapabilities{mSupportedHdrTypes=[], mMaxLuminance=500.0, mMaxAverageLuminance=500.0, mMinLuminance=0.0}';
const PRODUCT =
  'DeviceProductInfo{name=, manufacturerPnpId=GGL, productId=1, modelYear=null, manufactureDate=ManufactureDate{week=27, year=2006}, connectionToSinkType=0}';

/** DisplayDeviceInfo.toString for the panel: its own size and rotation, whatever the logical display does. */
function deviceInfoString(android: SimulatedAndroid): string {
  const d = android.display;
  const state = displayState(android.lab.screenOn);
  return (
    `DisplayDeviceInfo{"${PANEL.name}": uniqueId="${PANEL.uniqueId}", ${d.physicalWidth} x ${d.physicalHeight}, modeId 1, renderFrameRate ${PANEL.fps}, ` +
    `defaultModeId 1, userPreferredModeId -1, supportedModes [${mode(d.physicalWidth, d.physicalHeight)}], colorMode 0, supportedColorModes [0], ` +
    `hdrCapabilities ${HDR}, allmSupported false, gameContentTypeSupported false, density ${d.physicalDensity}, ` +
    `${d.physicalDensity}.0 x ${d.physicalDensity}.0 dpi, appVsyncOff 1000000, presDeadline 16666666, touch INTERNAL, rotation 0, type INTERNAL, ` +
    `address {port=${PANEL.port}, model=${PANEL.model}}, deviceProductInfo ${PRODUCT}, state ${state}, committedState ${state}, frameRateOverride , ` +
    `brightnessMinimum 0.0, brightnessMaximum 1.0, brightnessDefault ${BRIGHTNESS}, hdrSdrRatio NaN, FLAG_ALLOWED_TO_BE_DEFAULT_DISPLAY, ` +
    'FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS}'
  );
}

/**
 * DisplayInfo.toString: the base info is the panel unrotated; the override (what WindowManager sets) has the
 * logical size after `wm size`, turned with the rotation, and the `wm density` density.
 */
function displayInfoString(android: SimulatedAndroid, which: 'base' | 'override'): string {
  const d = android.display;
  const base = which === 'base';
  const [w, h] = base ? [d.physicalWidth, d.physicalHeight] : [d.width, d.height];
  const density = base ? d.physicalDensity : d.density;
  const rotation = base ? 0 : d.rotation;
  const [small, large] = [Math.min(w, h), Math.max(w, h)];
  const state = displayState(android.lab.screenOn);
  return (
    `DisplayInfo{"${PANEL.name}", displayId 0, displayGroupId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real ${w} x ${h}, ` +
    `largest app ${base ? `${w} x ${h}` : `${large} x ${large}`}, smallest app ${base ? `${w} x ${h}` : `${small} x ${small}`}, ` +
    `appVsyncOff 1000000, presDeadline 16666666, mode 1, defaultMode 1, renderFrameRate ${PANEL.fps}, modes [${mode(d.physicalWidth, d.physicalHeight)}], ` +
    `hdrCapabilities ${HDR}, userDisabledHdrTypes [], minimalPostProcessingSupported false, rotation ${rotation}, state ${state}, ` +
    `committedState ${state}, type INTERNAL, uniqueId "${PANEL.uniqueId}", app ${w} x ${h}, density ${density} (${d.physicalDensity}.0 x ${d.physicalDensity}.0) dpi, ` +
    `layerStack 0, colorMode 0, supportedColorModes [0], address {port=${PANEL.port}, model=${PANEL.model}}, deviceProductInfo ${PRODUCT}, ` +
    `removeMode 0, refreshRateOverride 0.0, brightnessMinimum 0.0, brightnessMaximum 1.0, brightnessDefault ${BRIGHTNESS}, ` +
    'installOrientation ROTATION_0, layoutLimitedRefreshRate null, hdrSdrRatio NaN, thermalRefreshRateThrottling {}, thermalBrightnessThrottlingDataId default}'
  );
}

export function dumpDisplay(android: SimulatedAndroid): string {
  const d = android.display;
  const v = internalViewport(d);
  const on = android.lab.screenOn;
  const layerStack = rectString(v.logicalFrame);
  return [
    'DISPLAY MANAGER (dumpsys display)',
    '  mSafeMode=false',
    '  mPendingTraversal=false',
    `  mViewports=[${viewportString(v)}]`,
    '  mDefaultDisplayDefaultColorMode=0',
    '  mWifiDisplayScanRequestCount=0',
    `  mStableDisplaySize=Point(${d.physicalWidth}, ${d.physicalHeight})`,
    `  mGlobalDisplayState=${displayState(on)}`,
    '  mMinimumBrightnessCurve=[(0.0, 0.0), (2000.0, 50.0), (4000.0, 90.0)]',
    '',
    'Display States: size=1',
    '  Display Id=0',
    `  Display State=${displayState(on)}`,
    `  Display Brightness=${on ? BRIGHTNESS : '0.0'}`,
    `  Display SdrBrightness=${on ? BRIGHTNESS : '0.0'}`,
    '',
    'Display Adapters: size=2',
    '  LocalDisplayAdapter',
    '  VirtualDisplayAdapter',
    '',
    'Display Devices: size=1',
    `  ${deviceInfoString(android)}`,
    '    mAdapter=LocalDisplayAdapter',
    `    mUniqueId=${PANEL.uniqueId}`,
    `    mDisplayToken=android.os.BinderProxy@${token(3)}`,
    '    mCurrentLayerStack=0',
    '    mCurrentFlags=1',
    // The rotation SurfaceFlinger applies to the panel: the logical display's.
    `    mCurrentOrientation=${d.rotation}`,
    `    mCurrentLayerStackRect=${layerStack}`,
    `    mCurrentDisplayRect=${rectString(v.physicalFrame)}`,
    '    mCurrentSurface=null',
    '',
    // Android 12+ nests the logical displays in the mapper that owns them.
    'LogicalDisplayMapper:',
    '  mSingleDisplayDemoMode=false',
    `  mCurrentLayout={dispId: 0(ON), displayGroupName: , addr: {port=${PANEL.port}, model=${PANEL.model}},  mPosition: unknown, mBrightnessThrottlingMapId: null, mRefreshRateZoneId: null, mLeadDisplayId: -1, mLeadDisplayAddress: null, mRefreshRateThermalThrottlingMapId: null, mPowerThrottlingMapId: null}`,
    '',
    '  Logical Displays: size=1',
    '    Display 0:',
    '      mDisplayId=0',
    '      mIsEnabled=true',
    '      mIsInTransition=false',
    '      mLayerStack=0',
    '      mHasContent=true',
    '      mRequestedColorMode=0',
    '      mDisplayOffset=(0, 0)',
    '      mDisplayScalingDisabled=false',
    `      mPrimaryDisplayDevice=${PANEL.name}`,
    `      mBaseDisplayInfo=${displayInfoString(android, 'base')}`,
    `      mOverrideDisplayInfo=${displayInfoString(android, 'override')}`,
    '      mRequestedMinimalPostProcessing=false',
    '      mFrameRateOverrides=[]',
    '      mPendingFrameRateOverrideUids={}',
    '      mDisplayGroupName=',
    '      mLeadDisplayId=-1',
    '',
  ].join('\n');
}
