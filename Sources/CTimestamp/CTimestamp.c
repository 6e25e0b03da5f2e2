// The functions are inline, in include/CTimestamp.h.
