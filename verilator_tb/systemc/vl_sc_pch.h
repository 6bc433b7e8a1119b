// Precompiled into build/vl/pch/sc/O<n>/pch.h.gch (verilator_tb.mk, VL_PCH_RULE) and
// force-included into every file of every Verilated SystemC model (verilator --sc): SystemC's
// and the Verilator run-time's headers, which every generated file includes through V<top>.h
// and which cost more to parse than most of those files' own code. Only headers that are the
// same for every top belong here; a PCH GCC cannot use is skipped with a warning (-Winvalid-pch).
#ifndef NP_VL_SC_PCH_H
#define NP_VL_SC_PCH_H
#include "systemc.h"
#include "verilated_sc.h"
#include "verilated.h"
#include "verilated_fst_sc.h"
#endif
