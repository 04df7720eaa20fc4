#ifndef OUTPOST_CLIBFUZZER_H
#define OUTPOST_CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's documented entry for programs that have their own main (SwiftPM gives every
// executable one: it links `main` to `<module>_main`). Defined by -sanitize=fuzzer's runtime.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
