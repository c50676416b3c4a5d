export { seedReferenceData, loadReferenceIds } from './reference.ts';
export type { ReferenceCounts, ReferenceIds, SeedReferenceOptions } from './reference.ts';
export { seedDemoContent } from './demo.ts';
export type { DemoSeedResult, SeedDemoOptions } from './demo.ts';
export { seedScale } from './scale.ts';
export type { ScaleCounts, SeedScaleOptions } from './scale.ts';
export { defaultGeoDir } from './geo-data.ts';
