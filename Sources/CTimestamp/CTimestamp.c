// The clocks are inline, in include/CTimestamp.h; this is the profile clock's storage.
#include "CTimestamp.h"

_Atomic uint64_t shortcuts_profile_time = 0;
