// shared/occlusion: what covers a target before anything is sent (the `device.occlusion` channel's answer).
export { OCCLUSION_VERDICTS, OcclusionSchema, boxOcclusion, occlusionOf, verdictOf, type Occlusion, type OcclusionOutcome, type OcclusionVerdict } from './occlusion';
