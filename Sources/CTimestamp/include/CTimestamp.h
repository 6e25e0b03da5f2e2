#ifndef CTIMESTAMP_H
#define CTIMESTAMP_H

#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

/// A clock's time in nanoseconds.
static inline uint64_t shortcuts_clock_ns(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// CLOCK_MONOTONIC in nanoseconds.
static inline uint64_t shortcuts_timestamp_ns(void) { return shortcuts_clock_ns(CLOCK_MONOTONIC); }

/// A cheap, monotonic tick count for timing a run's steps: the CPU's time-stamp counter where it
/// runs at a constant rate (x86-64's TSC, AArch64's virtual counter), read without a system call
/// or a fence, so it costs a few nanoseconds. Ticks are turned into nanoseconds by measuring
/// them against CLOCK_MONOTONIC over the run (shortcuts_timestamp_ns).
static inline uint64_t shortcuts_timestamp_ticks(void) {
#if defined(__x86_64__)
    uint32_t low, high;
    __asm__ volatile("rdtsc" : "=a"(low), "=d"(high));
    return ((uint64_t)high << 32) | low;
#elif defined(__aarch64__)
    uint64_t value;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(value));
    return value;
#else
    return shortcuts_timestamp_ns();
#endif
}

/// The profile clock: CLOCK_MONOTONIC in nanoseconds as a thread last stored it (every
/// millisecond while a long traced run needs it), read by running threads in one load.
extern _Atomic uint64_t shortcuts_profile_time;

static inline uint64_t shortcuts_profile_clock_read(void) {
    return atomic_load_explicit(&shortcuts_profile_time, memory_order_relaxed);
}

static inline void shortcuts_profile_clock_tick(void) {
    atomic_store_explicit(&shortcuts_profile_time, shortcuts_timestamp_ns(), memory_order_relaxed);
}

#endif
