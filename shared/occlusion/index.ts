// shared/occlusion: what covers a target before anything is sent (the `device.occlusion` channel's answer).
export { OCCLUSION_VERDICTS, OcclusionSchema, occlusionOf, type Occlusion, type OcclusionOutcome } from './occlusion';
