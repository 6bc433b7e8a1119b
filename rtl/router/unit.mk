# The multicast mesh router (docs/router.md): seed 003's 3-stage lookahead VC router with
# lookahead multicast RC, asynchronous replication and replication buffers (router_mcast), and
# its unicast baseline (router_base), both router_vc. Checked cycle by cycle against npsim's
# router code (sim/net/router.c, driven per port by sim/net/router_bench.c) by one harness that
# needs no golden vectors (<unit>_TB_TOPS).
router_TB_TOPS    := router_mcast router_mesh_tile
# Golden vectors from npsim's router model (sim/net/router_stim.h, written by `npsim
# router-vectors`, vectors.mk): 1460 cycles that router_mcast's harness replays before its random
# traffic (make verify). Not replayed by Icarus: its event-driven run of router_vc at K = 8 did not
# finish 20 cycles in 147 CPU s (docs/router.md 6).
router_VECTORS_NPSIM        := router-vectors
router_mcast_VERIFY_VECTORS := vectors/router/router_mcast.hex
# The mesh check (docs/router.md 8): sixteen router_mesh_tile models beside npsim's 4x4 network.
# Its count is flits offered to the mesh, each crossing several routers: 10^4 (1.4 CPU s, after a
# 31 CPU s build) in make verify, 10^7 in verify-long.
router_mesh_tile_VERIFY_COUNT      := 10000
router_mesh_tile_VERIFY_LONG_COUNT := 10000000
# Synthesis of both configurations (docs/router.md 7) is in make synth like every top's, by the
# hierarchical flow (router_SYNTH_HIER below), still among its longest runs (SYNTH_LONG_TOPS
# starts them early). router_k2 (below) is a diagnostic top, synthesised only under
# ROUTER_SYNTH=1, by the flat flow.
# Every top is router_vc with a parameter set (Makefile PARAM_TOPS), no wrapper module repeating
# its ports: router_mcast the multicast router at npsim's defaults (seed 003 Table 1: 8x8, 4 VCs
# of 8 flits, 128-bit links, replication buffers of 9 flits, XY requests, YX replies, the
# separable VC allocator VaAlloc = 1 as npsim's default va_alloc, docs/router.md 11), router_base
# its unicast baseline, router_mesh_tile the mesh check's router (K = 4, 64-bit links). Lint and
# synthesis elaborate the module with the values; the harnesses Verilate it with them as -G
# options under the top's name (verilator_tb.mk tb_model_flags).
router_PARAM_TOPS := router_mcast:router_vc:Mcast=1,VaAlloc=1 router_base:router_vc:Mcast=0,VaAlloc=1 \
                     router_mesh_tile:router_vc:Mcast=1,K=4,FlitW=64,VaAlloc=1 \
                     router_k2:router_vc:Mcast=1,K=2,FlitW=20,VaAlloc=0 \
                     router_k2_sep:router_vc:Mcast=1,K=2,FlitW=20,VaAlloc=1
# router_k2: router_mcast's switch allocator (5 ports, 4 VCs of two classes, 8-flit buffers,
# 9-flit replication) with npsim's sequential VC allocator (VaAlloc = 0, va_alloc = sequential;
# make verify-router-sequential checks it) at K = 2 and 20-bit flits, the smallest datapath that
# keeps the allocators: their clock without the 128-bit crossbar's and 64-node RC's area
# (docs/router.md 7, `make synth-router_k2 ROUTER_SYNTH=1`). router_k2_sep: the same with the
# built router's separable VC allocator (VaAlloc = 1), likewise diagnostic (`make
# synth-router_k2_sep ROUTER_SYNTH=1`).
router_SYNTH_TOPS := router_mcast router_base $(if $(ROUTER_SYNTH),router_k2 router_k2_sep)
# Both routers by the hierarchical flow (synth/synth.mk SYNTH_HIER_TOPS; docs/router.md 7, "Flat
# and hierarchical"): each input VC's buffer is a router_ring, 20 per router, kept and mapped once
# (<top>_SYNTH_HIER_KEEP); the rest, the five RC units (mcast_lookahead) too, is flattened into
# the top and mapped with it: kept apart, the RC units put 240 ps on router_mcast's clock (their
# outputs, on the critical path, reached the top's mapping as inputs at time 0). Flat, the two took
# 600.8+16.3 and 216.1+5.5 CPU s of the fresh-clone `make` of 7cff750 (three mappings of 336k and
# 127k cells); `make SYNTH_FLAT=1 synth-router_mcast` (and router_base) still gives the flat
# figures, into build/synth-flat/.
router_SYNTH_HIER := router_mcast router_base
router_mcast_SYNTH_HIER_KEEP := router_ring
router_base_SYNTH_HIER_KEEP  := router_ring
# router_mesh_tile is neither linted nor synthesised apart: it is router_mcast's module at other
# values, and its harness build runs Verilator -Wall on it (a warning stops the build).
# router_k2 is linted by make lint (all three tools), the one set that elaborates the sequential
# VC allocator (VaAlloc = 0), which no top of make synth or make verify has.
router_LINT_TOPS := router_k2
# SystemC (verilator_tb/systemc/systemc.mk): router_mcast's rtl form beside npsim's router as its
# model form (np_sc router, docs/systemc.md "The router"), checked by make test: it links the
# harness model make verify builds anyway.
router_SC_TOPS    := router_mcast
router_RTL        := $(sort $(wildcard rtl/router/*.v)) rtl/mcast/mcast_lookahead.v rtl/mcast/mcast_split.v \
                     rtl/mcast/mcast_axis_cmp.v
# The harness links npsim's model (sim/sim.mk builds the library, SIM_MODEL_LIB) and includes its headers.
router_TB_LIBS    := $(BUILD)/sim/libnpsim.a
router_TB_CFLAGS  := -I$(CURDIR)/sim
router_TB_LDFLAGS = $(NP_CJSON_LIBS) -llzma

.PHONY: synth-router
## synth-router: synthesise the multicast router and its unicast baseline (area, flops, levels, clock; docs/router.md 7)
synth-router: synth-router_mcast synth-router_base

# $(call router_verify_variant,build subdir,router_vc parameters,harness args): the router_mcast
# harness Verilated with other parameters in a build directory of its own, without the golden
# vectors (they are the default configuration's), every output every cycle against npsim.
comma := ,
router_verify_variant = $(MAKE) --no-print-directory BUILD=$(BUILD)/$(1) 'router_PARAM_TOPS=router_mcast:router_vc:$(2)' \
  router_mcast_VERIFY_VECTORS= VERIFY_ARGS="$(3)" verify-router_mcast

# The baseline (router_base's parameters, Mcast = 0) against npsim's router, cycle by cycle: the
# router_mcast harness Verilated with Mcast = 0 (and router_vc's default VaAlloc = 1, npsim's
# default va_alloc) in a build directory of its own, on unicast
# traffic only (--mcast 0; the golden vectors hold multicast packets, so none), where the
# multicast router and its baseline follow the same rules (docs/router.md 6). Not in make verify:
# a second harness build (about a CPU minute) for a configuration whose RTL differs from
# router_mcast's only where a VC has one target and the read ports are per input.
.PHONY: verify-router-base
## verify-router-base: the unicast baseline router (router_vc, Mcast = 0) against npsim's router on unicast traffic, every output every cycle (10^6 flits; the router_mcast harness, its lines say router_mcast)
verify-router-base:
	$(call router_verify_variant,router-base,Mcast=0,--mcast 0)

# The sequential VC allocator (VaAlloc = 0) against npsim's router with va_alloc = sequential,
# cycle by cycle: the router_mcast harness Verilated with VaAlloc = 0 in a build directory of its
# own, on the same traffic (--va-alloc sequential; the golden vectors are the default separable
# allocator's, so none). Not in make verify: npsim's default and the built router take the
# separable allocator (docs/router.md 11).
.PHONY: verify-router-sequential
## verify-router-sequential: router_mcast with the sequential VC allocator (VaAlloc = 0) against npsim's router with va_alloc = sequential, every output every cycle (10^6 flits; its lines say router_mcast)
verify-router-sequential:
	$(call router_verify_variant,router-sequential,Mcast=1$(comma)VaAlloc=0,--va-alloc sequential)

.PHONY: router-area-doc
## router-area-doc: docs/router.md's area table (multicast router vs unicast baseline, the overhead beside seed 003's 944 OR gates / 0.40 %) from the synthesis reports
router-area-doc: $(BUILD)/synth/mcast-gates/lookahead-area.log
	@$(MAKE) --no-print-directory synth-router_mcast synth-router_base > /dev/null
	@bash synth/router_area.sh $(SYNTH_DIR)/router_mcast/report.json $(SYNTH_DIR)/router_base/report.json \
	  $< $(SYNTH_LIB) docs/router.md

# One mcast_lookahead's liberty area (the RC units of the table): make synth-mcast-gates's log,
# redone when the multicast RTL or the script changes.
$(BUILD)/synth/mcast-gates/lookahead-area.log: $(mcast_RTL) synth/mcast_gates.sh $(SYNTH_LIB) $(SYNTH_CONSTR)
	@$(MAKE) --no-print-directory synth-mcast-gates
