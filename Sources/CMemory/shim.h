// glibc's allocator controls, which Swift's Glibc module does not import (they live in
// <malloc.h>). outpostd is a long-running process whose work comes in bursts (a sync of
// thousands of events, a calendar rewrite) on whichever libdispatch worker thread runs it:
// without these, glibc gives each such thread an arena of its own and keeps the freed memory
// of every burst, and an idle daemon sat at hundreds of MB.
#include <malloc.h>

/// At most `count` malloc arenas (glibc's default is 8 per CPU).
static inline void outpost_memory_limit_arenas(int count) { (void)mallopt(M_ARENA_MAX, count); }

/// Returns freed heap memory to the system; 1 when some was released.
static inline int outpost_memory_trim(void) { return malloc_trim(0); }
