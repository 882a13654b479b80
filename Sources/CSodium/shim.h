#include <malloc.h>
#include <sodium.h>

/// Gives the pages the allocator holds free back to the system: called before argon2id takes
/// its memory, so that a process's peak is what it uses plus the hash's, not plus idle pages.
static inline void csodium_return_free_memory(void) { malloc_trim(0); }
