#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Stops SQLite counting the memory it allocates, a count behind one mutex of the whole process
/// taken on every allocation of every connection. Only before the library initializes (the first
/// connection opened); later it changes nothing.
static inline int csqlite_stop_counting_memory(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
