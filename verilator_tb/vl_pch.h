// Precompiled into build/vl/pch/tb/O<n>/pch.h.gch (verilator_tb.mk, VL_PCH_RULE) and force-included into
// every file of every Verilated harness build: the Verilator run-time headers and the standard
// headers the harness includes. Parsing them took ~0.6 of the ~0.7 CPU s a small generated file
// costs, for ~290 files per `make verify`. Only headers that are the same for every top belong
// here (never a model's own V<top>*.h); a PCH GCC cannot use is skipped with a warning
// (-Winvalid-pch) and the file compiles as before, so this header changes speed, never results.
#ifndef NP_VL_PCH_H
#define NP_VL_PCH_H
#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <verilated.h>
#include <verilated_fst_c.h>
#endif
