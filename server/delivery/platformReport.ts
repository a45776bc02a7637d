// What a platform said later about what it accepted (decision 018); `test`: a test-mode send. None
// of them says the conversion was attributed.
export type PlatformReport = 'waiting' | 'accepted' | 'partial' | 'failed' | 'unknown' | 'test';
