export * from './observed-node';
export { duplicateResourceIds, nativeSelectorFor, type SelectorSource } from './native-selector';
export { normalizeRect } from './normalize';
export { parseUiautomatorXml, UiautomatorXmlError, type ScreenForRotation } from './uiautomator-xml';
export { uiSelectorFor, xpathFor, xpathLiteral } from './locators';
