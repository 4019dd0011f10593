// Tools: which canvas tool is current and the live feedback it draws on the stage's tool layer.
import type { SliceCreator } from '../app/store';
import type { ToolId } from './registry';
import type { ToolFeedback } from './tool-context';

export interface ToolsSlice {
  toolId: ToolId;
  toolFeedback: ToolFeedback | null;
  setToolId(id: ToolId): void;
  setToolFeedback(feedback: ToolFeedback | null): void;
}

export const createToolsSlice: SliceCreator<ToolsSlice> = (set) => ({
  toolId: 'inspect',
  toolFeedback: null,
  setToolId: (toolId) => set({ toolId }),
  setToolFeedback: (toolFeedback) => set({ toolFeedback }),
});
