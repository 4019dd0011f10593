// The console's pinch host: the pinch is a pinch step of the document (see gesture/document-host.ts).
import { documentStepHost } from '../gesture/document-host';
import { isPinchEnvelope } from './model';

export const pinchHost = documentStepHost(isPinchEnvelope);
