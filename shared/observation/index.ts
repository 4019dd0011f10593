export * from './observed-node';
export { duplicateResourceIds, nativeSelectorFor } from './native-selector';
export { normalizeRect } from './normalize';
export { parseUiautomatorXml, UiautomatorXmlError } from './uiautomator-xml';
export { uiSelectorFor, xpathFor } from './locators';
