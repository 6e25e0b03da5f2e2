#ifndef CTIMESTAMP_H
#define CTIMESTAMP_H

#include <stdint.h>
#include <time.h>

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
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
/// CLOCK_MONOTONIC_COARSE in nanoseconds: the kernel's last tick (1–4 ms apart), read from the
/// vDSO's page in a few loads. A step's time measured with it is 0 or a whole tick, so a sum over
/// many steps is right on average, and a long step is timed to within a tick.
static inline uint64_t shortcuts_timestamp_coarse_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

#endif
}

/// CLOCK_MONOTONIC in nanoseconds.
static inline uint64_t shortcuts_timestamp_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// CLOCK_MONOTONIC_COARSE in nanoseconds: the kernel's last tick (1–4 ms apart), read from the
/// vDSO's page in a few loads. A step's time measured with it is 0 or a whole tick, so a sum over
/// many steps is right on average, and a long step is timed to within a tick.
static inline uint64_t shortcuts_timestamp_coarse_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

#endif
