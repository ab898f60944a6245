// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <ctime>

namespace jw::io {

// CPU time of the calling thread, in milliseconds: how long a computation took whatever else
// the (shared, noisy) machine is doing (docs/performance.md: CPU time over wall time).
[[nodiscard]] inline double threadCpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1000.0 + double(t.tv_nsec) / 1e6;
}

} // namespace jw::io
