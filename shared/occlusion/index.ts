// shared/occlusion: what covers a target before anything is sent (the `device.occlusion` channel's answer).
export { OcclusionSchema, boxOcclusion, occlusionOf, type Occlusion } from './occlusion';
